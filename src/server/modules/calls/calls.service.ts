import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { agentStateOf, switchStatus, toAgentState } from '../presence/presence.service';
import { type AgentStateRead, type LockedAgent, lockAgent } from '../presence/presence.repository';
import { toCallLogEntry } from './call-views';
import * as repo from './calls.repository';

/** Calls are the agents' own: admins have none. */
function assertAgent(actor: Pick<SessionUser, 'role'>) {
  if (actor.role !== 'employee') throw new AppError('FORBIDDEN');
}

/**
 * A change to the agent's call, in one transaction holding the agent's lock (so it takes
 * turns with status changes and the engine), announced to every live tab on its commit.
 */
async function changeCall(
  ctx: AppContext,
  actor: SessionUser,
  /** Answers the agent's state when its last step was a status switch (switchStatus). */
  change: (trx: Db, now: Date, locked: LockedAgent) => Promise<AgentStateRead | undefined>,
) {
  assertAgent(actor);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockAgent(trx, actor.id);
    // Read under the lock, as changeStatus does: whoever held it first has an earlier time.
    const now = ctx.clock.now();
    const switched = await change(trx, now, locked);
    const state = switched
      ? toAgentState(ctx, now, switched)
      : await agentStateOf({ ...ctx, db: trx }, actor.id);
    await ctx.live.agentStateChangedIn(trx, actor.id, state);
    return state;
  });
}

/** Why a ringing/active call could not change: someone else's or unknown, or already past. */
async function refusal(
  db: Db,
  actor: SessionUser,
  callId: string,
  code: 'CALL_NOT_RINGING' | 'CALL_NOT_ACTIVE',
) {
  const call = await repo.findOwnCall(db, actor.id, callId);
  return new AppError(call ? code : 'CALL_NOT_FOUND');
}

/** Answer a ringing offer before its deadline: logged answered, status On Call. */
export function answer(ctx: AppContext, actor: SessionUser, callId: string) {
  return changeCall(ctx, actor, async (trx, now, { interval }) => {
    const answered = await repo.answerRinging(trx, actor.id, callId, now);
    if (!answered) throw await refusal(trx, actor, callId, 'CALL_NOT_RINGING');
    return switchStatus(trx, actor.id, interval, 'on_call', now, ctx.config.callCentreTimeZone);
  });
}

/** Decline a ringing offer: logged declined; the agent stays Available for the next. */
export function decline(ctx: AppContext, actor: SessionUser, callId: string) {
  return changeCall(ctx, actor, async (trx, now) => {
    const declined = await repo.resolveRinging(trx, actor.id, 'declined', now, callId);
    if (!declined) throw await refusal(trx, actor, callId, 'CALL_NOT_RINGING');
    return undefined;
  });
}

/** End the call in progress: its duration is stored and the status becomes After Call Work. */
export function end(ctx: AppContext, actor: SessionUser, callId: string) {
  return changeCall(ctx, actor, async (trx, now, { interval }) => {
    const ended = await repo.endActive(trx, actor.id, callId, now);
    if (!ended) throw await refusal(trx, actor, callId, 'CALL_NOT_ACTIVE');
    return switchStatus(trx, actor.id, interval, 'after_call', now, ctx.config.callCentreTimeZone);
  });
}

/** Dial out: only in Out Bound and with no call open; logged answered, status On Call. */
export function dial(ctx: AppContext, actor: SessionUser, phoneNumber: string) {
  return changeCall(ctx, actor, async (trx, now, { interval, call }) => {
    if (call) throw new AppError('CALL_IN_PROGRESS');
    if (interval?.status !== 'out_bound') throw new AppError('OUTBOUND_NEEDS_OUT_BOUND');
    await repo.insertOutbound(trx, actor.id, phoneNumber, now);
    return switchStatus(trx, actor.id, interval, 'on_call', now, ctx.config.callCentreTimeZone);
  });
}

export async function saveNotes(
  ctx: AppContext,
  actor: SessionUser,
  callId: string,
  notes: string,
) {
  assertAgent(actor);
  const call = await repo.updateNotes(ctx.db, actor.id, callId, notes);
  if (!call) throw await refusal(ctx.db, actor, callId, 'CALL_NOT_ACTIVE');
  await ctx.live.agentChanged(actor.id);
  return toCallLogEntry(call);
}

export async function recentCalls(ctx: AppContext, actor: SessionUser, limit: number) {
  assertAgent(actor);
  const rows = await repo.recentCalls(ctx.db, actor.id, limit);
  return rows.map(toCallLogEntry);
}
