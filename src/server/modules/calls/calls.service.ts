import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { lockAgent } from '../presence/presence.repository';
import { performAgentActionBatched } from '../presence/presence.service';
import { findAgentCode } from '../wrap-up/wrap-up.repository';
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

/**
 * The agent's wrap-up of a call: notes (any call with an outcome) and the wrap-up code (an
 * active one of their team, or null) while the call or its After Call Work goes on. The code is
 * checked and set holding the agent's lock, so leaving After Call Work sees it or refuses.
 */
export async function saveWrapUp(
  ctx: AppContext,
  actor: SessionUser,
  callId: string,
  changes: { notes?: string | undefined; wrapUpCodeId?: string | null | undefined },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const { notes, wrapUpCodeId } = changes;
    if (wrapUpCodeId !== undefined) {
      await lockAgent(trx, actor.id);
      if (!(await repo.isWrapUpOpen(trx, actor.id, callId))) {
        throw (await repo.findOwnCall(trx, actor.id, callId))
          ? new AppError('WRAP_UP_CLOSED')
          : new AppError('CALL_NOT_FOUND');
      }
      if (wrapUpCodeId !== null && !(await findAgentCode(trx, actor.id, wrapUpCodeId))) {
        throw new AppError('WRAP_UP_CODE_UNKNOWN', { field: 'wrapUpCodeId' });
      }
      await repo.setWrapUpCode(trx, callId, wrapUpCodeId);
    }
    if (notes !== undefined && !(await repo.updateNotes(trx, actor.id, callId, notes))) {
      throw await refusal(trx, actor, callId);
    }
  });
  await ctx.live.agentChanged(actor.id);
  return ownEntry(ctx, actor, callId);
}

/** One of the agent's calls with an outcome, as the Activity Log lists it. */
async function ownEntry(ctx: AppContext, actor: Pick<SessionUser, 'id'>, callId: string) {
  const call = await repo.findOwnCall(ctx.db, actor.id, callId);
  if (!call?.call_status) throw new AppError('CALL_NOT_FOUND');
  return toCallLogEntry(call);
}

/**
 * One of the agent's calls with an outcome, with its transcript: the agent's own, or one an
 * admin reads of an agent in their scope (checked by the caller).
 */
export async function ownCall(ctx: AppContext, agent: Pick<SessionUser, 'id'>, callId: string) {
  const entry = await ownEntry(ctx, agent, callId);
  const transcript = await repo.transcriptOf(ctx.db, callId);
  return {
    ...entry,
    transcript: transcript.map((line) => ({ ...line, at: line.at.toISOString() })),
  };
}

/** Transcript lines of the agent's answered call (during it, or arriving just after). */
export async function addTranscript(
  ctx: AppContext,
  actor: SessionUser,
  callId: string,
  lines: Parameters<typeof repo.appendTranscript>[2],
) {
  const call = await repo.findOwnCall(ctx.db, actor.id, callId);
  if (!call) throw new AppError('CALL_NOT_FOUND');
  if (call.call_status !== 'answered') throw new AppError('CALL_NOT_ACTIVE');
  await repo.appendTranscript(ctx.db, callId, lines);
}

export async function recentCalls(ctx: AppContext, actor: Pick<SessionUser, 'id'>, limit: number) {
  const rows = await repo.recentCalls(ctx.db, actor.id, limit);
  return rows.map(toCallLogEntry);
}
