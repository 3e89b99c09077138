import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { performAgentActionBatched } from '../presence/presence.service';
import { toCallLogEntry } from './call-views';
import * as repo from './calls.repository';

/** Why a call's notes could not change: someone else's or unknown, or still ringing. */
async function refusal(db: Db, actor: SessionUser, callId: string) {
  const call = await repo.findOwnCall(db, actor.id, callId);
  return new AppError(call ? 'CALL_NOT_ACTIVE' : 'CALL_NOT_FOUND');
}

// The call actions: each is an agent action, decided and written by the database
// (db/sql/agent-actions.sql), and answers the agent's state.

export function answer(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return performAgentActionBatched(ctx, actor.id, { kind: 'answer', callId }, tab);
}

export function decline(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return performAgentActionBatched(ctx, actor.id, { kind: 'decline', callId }, tab);
}

export function end(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return performAgentActionBatched(ctx, actor.id, { kind: 'end', callId }, tab);
}

export function dial(ctx: AppContext, actor: SessionUser, phoneNumber: string, tab?: string) {
  return performAgentActionBatched(ctx, actor.id, { kind: 'dial', phoneNumber }, tab);
}

export async function saveNotes(
  ctx: AppContext,
  actor: SessionUser,
  callId: string,
  notes: string,
) {
  const call = await repo.updateNotes(ctx.db, actor.id, callId, notes);
  if (!call) throw await refusal(ctx.db, actor, callId);
  await ctx.live.agentChanged(actor.id);
  return toCallLogEntry(call);
}

export async function recentCalls(ctx: AppContext, actor: SessionUser, limit: number) {
  const rows = await repo.recentCalls(ctx.db, actor.id, limit);
  return rows.map(toCallLogEntry);
}
