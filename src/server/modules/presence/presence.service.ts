import type { SessionUser } from '../../../shared/schemas/auth';
import type { AgentState } from '../../../shared/schemas/agent';
import { type AgentStatus, INITIAL_STATUS, type StatusSetBy } from '../../../shared/statuses';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { toCurrentCall } from '../calls/call-views';
import { LIVE_CHANNEL } from '../live/live-hub';
import * as repo from './presence.repository';
import type { AgentAction, AgentStateRead } from './presence.repository';

export function getAgentState(ctx: AppContext, actor: SessionUser) {
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
    changedAt: state.changedAt?.toISOString() ?? null,
    connectDelayMs: ctx.config.callEngine.connectDelayMs,
  };
}

/**
 * The agent's action (presence.repository `act`: one statement of db/sql/agent-actions.sql,
 * which decides and writes it), answering the agent's state as it then was, announced to every
 * live tab (but the asking `tab`, which has the answer) and floor when it changed. `by` is who
 * asks for a status. In its own transaction at the time it was asked for; or in the caller's
 * transaction `db`, at `at`.
 */
export async function actAs(
  ctx: AppContext,
  userId: string,
  action: AgentAction,
  by: StatusSetBy = 'agent',
  { db, at, tab }: { db: Db; at: Date; tab?: string } = { db: ctx.db, at: ctx.clock.now() },
): Promise<AgentState> {
  const zone = ctx.config.callCentreTimeZone;
  const done = await repo.act(db, userId, action, by, at, zone, LIVE_CHANNEL, tab);
  return toAgentState(ctx, done.at, done.state);
}

/** The agent picks a status (its rules: db/sql/agent-actions.sql). */
export function changeStatus(
  ctx: AppContext,
  actor: SessionUser,
  status: AgentStatus,
  tab?: string,
) {
  return actAs(ctx, actor.id, { kind: 'status', status }, 'agent', asked(ctx, tab));
}

/** An agent's own action: now, on the server's pool, from `tab` (X-Live-Tab) if it said. */
export function asked(ctx: AppContext, tab: string | undefined) {
  return { db: ctx.db, at: ctx.clock.now(), tab };
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
