import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { actAs, asked } from '../presence/presence.service';
import { toCallLogEntry } from './call-views';
import * as repo from './calls.repository';

/** Why a call's notes could not change: someone else's or unknown, or still ringing. */
async function refusal(db: Db, actor: SessionUser, callId: string) {
  const call = await repo.findOwnCall(db, actor.id, callId);
  return new AppError(call ? 'CALL_NOT_ACTIVE' : 'CALL_NOT_FOUND');
}

// The call actions: `actAs` sends each to the database's agent actions, where their rules are
// decided and written (db/sql/agent-actions.sql); each answers the agent's state.

export function answer(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'answer', callId }, 'agent', asked(ctx, tab));
}

export function decline(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'decline', callId }, 'agent', asked(ctx, tab));
}

export function end(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'end', callId }, 'agent', asked(ctx, tab));
}

export function dial(ctx: AppContext, actor: SessionUser, phoneNumber: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'dial', phoneNumber }, 'agent', asked(ctx, tab));
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
