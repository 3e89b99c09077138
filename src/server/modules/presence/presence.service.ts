import type { SessionUser } from '../../../shared/schemas/auth';
import type { AgentState } from '../../../shared/schemas/agent';
import {
  type AgentStatus,
  INITIAL_STATUS,
  type StatusSetBy,
  systemStatuses,
} from '../../../shared/statuses';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { toCurrentCall } from '../calls/call-views';
import * as callsRepo from '../calls/calls.repository';
import * as repo from './presence.repository';
import type { AgentStateRead, LockedAgent } from './presence.repository';

/** The softphone is the employees' side: admins have no status. */
function assertAgent(actor: Pick<SessionUser, 'role'>) {
  if (actor.role !== 'employee') throw new AppError('FORBIDDEN');
}

export function getAgentState(ctx: AppContext, actor: SessionUser) {
  assertAgent(actor);
  return agentStateOf(ctx, actor.id);
}

/**
 * The agent's status, today's time per status and the open call, derived from the rows:
 * the status is restored from its open interval (across reloads, tabs and restarts).
 */
export async function agentStateOf(ctx: AppContext, userId: string): Promise<AgentState> {
  const now = ctx.clock.now();
  const state = await repo.readAgentState(ctx.db, userId, now, ctx.config.callCentreTimeZone);
  return toAgentState(ctx, now, state);
}

/** The agent's state as read at `now` (readAgentState, or a switch's answer). */
export function toAgentState(ctx: AppContext, now: Date, state: AgentStateRead): AgentState {
  return {
    status: state.status ?? INITIAL_STATUS,
    setBy: state.setBy ?? 'agent',
    since: state.since?.toISOString() ?? null,
    serverNow: now.toISOString(),
    day: state.day,
    dayEndsAt: state.dayEndsAt.toISOString(),
    todaySeconds: state.seconds,
    call: state.call ? toCurrentCall(state.call) : null,
    connectDelayMs: ctx.config.callEngine.connectDelayMs,
  };
}

/**
 * The interval that `status`, set by `setBy`, opens after `open`, or undefined when it changes
 * nothing: the same status set by the same. On Call and After Call Work are the system's
 * whatever `setBy` says; an agent choosing Tech Issues after the system set it makes it theirs.
 */
function nextInterval(
  open: LockedAgent['interval'],
  status: AgentStatus,
  setBy: StatusSetBy = 'agent',
): { status: AgentStatus; setBy: StatusSetBy } | undefined {
  const by = systemStatuses.includes(status) ? 'system' : setBy;
  return open?.status === status && open.setBy === by ? undefined : { status, setBy: by };
}

/**
 * Closes the open interval `open` and opens the next (and today's session row). The caller
 * holds the agent's lock in a transaction (lockAgent, which read `open`). Returns the agent's
 * state as it now is, or undefined when the status does not change (nextInterval).
 */
export async function switchStatus(
  db: Db,
  userId: string,
  open: LockedAgent['interval'],
  status: AgentStatus,
  now: Date,
  timeZone: string,
  setBy: StatusSetBy = 'agent',
): Promise<AgentStateRead | undefined> {
  const next = nextInterval(open, status, setBy);
  return next && repo.switchInterval(db, userId, open?.id, next, now, timeZone);
}

/**
 * The agent picks a status, in one transaction with the agent's row locked: concurrent
 * changes take turns, and the database allows one open interval per agent. Not during a
 * call; a ringing offer is missed when the agent leaves Available. Picking the current
 * status again changes nothing.
 */
export async function changeStatus(ctx: AppContext, actor: SessionUser, status: AgentStatus) {
  assertAgent(actor);
  return ctx.db.transaction().execute(async (trx) => {
    const { interval, call } = await repo.lockAgent(trx, actor.id);
    // The time is read under the lock: a change that held it first (the engine's offer, a
    // call action) has a time no later than this one, so intervals and calls stay in order.
    const now = ctx.clock.now();
    if (call?.callStatus === 'answered') throw new AppError('CALL_IN_PROGRESS');
    const next = nextInterval(interval, status);
    if (!next) return agentStateOf({ ...ctx, db: trx }, actor.id);
    // Before the switch, whose answer is the state with the call gone.
    if (call) await callsRepo.resolveRinging(trx, actor.id, 'missed', now);
    const zone = ctx.config.callCentreTimeZone;
    const switched = await repo.switchInterval(trx, actor.id, interval?.id, next, now, zone);
    const state = toAgentState(ctx, now, switched);
    await ctx.live.agentStateChangedIn(trx, actor.id, state);
    return state;
  });
}

/**
 * Employees sign out only from Gone Home (spec §4, §6); signing out ends the day's session.
 * Anyone else may always sign out.
 */
export async function prepareSignOut(ctx: AppContext, user: Pick<SessionUser, 'id' | 'role'>) {
  if (user.role !== 'employee') return;
  // ctx.db is the sign-out's transaction: the lock holds off a status change from another tab.
  const { interval } = await repo.lockAgent(ctx.db, user.id);
  if (interval && interval.status !== INITIAL_STATUS) throw new AppError('SIGN_OUT_NOT_GONE_HOME');
  await repo.endSessionOfDay(ctx.db, user.id, ctx.clock.now(), ctx.config.callCentreTimeZone);
}
