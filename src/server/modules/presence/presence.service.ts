import type { SessionUser } from '../../../shared/schemas/auth';
import type { AgentState } from '../../../shared/schemas/agent';
import { type AgentStatus, INITIAL_STATUS, type StatusSetBy } from '../../../shared/statuses';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { runAlone } from '../../platform/batches';
import { AppError } from '../../platform/errors';
import { toCurrentCall } from '../calls/call-views';
import { LIVE_CHANNEL } from '../live/live-hub';
import * as repo from './presence.repository';
import type { AgentAction, AgentActionRequest, AgentStateRead } from './presence.repository';

export function getAgentState(ctx: AppContext, actor: SessionUser) {
  return readAgentStateBatched(ctx, actor.id);
}

/**
 * The agent's status, today's time per status and the open call, derived from the rows:
 * the status is restored from its open interval (across reloads, tabs and restarts).
 */
export async function readAgentStateBatched(ctx: AppContext, agentId: string): Promise<AgentState> {
  const now = ctx.clock.now();
  const timeZone = ctx.config.callCentreTimeZone;
  // Batched with other reads on the server's pool (page loads, live pushes): outside any
  // transaction the caller holds in ctx.db.
  const state = await ctx.batches.agentStateReads.submit({ agentId, now, timeZone });
  return toAgentState(ctx, now, state);
}

/** The agent's state as read at `now`: a read, an action's outcome or an announcement. */
export function toAgentState(ctx: AppContext, now: Date, state: AgentStateRead): AgentState {
  return {
    status: state.status ?? INITIAL_STATUS,
    setBy: state.setBy ?? 'agent',
    missedInARow: state.missedInARow,
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
 * An agent's own action from the softphone, now (from `tab`, X-Live-Tab, if it said): batched
 * with other agents' actions on the server's pool, each keeping its own time and outcome.
 * db/sql/agent-actions.sql decides and writes it. Answers the agent's state after it, which
 * goes live to every other tab of the agent and to the floor when it changed; a refusal is
 * thrown as its AppError.
 */
export async function performAgentActionBatched(
  ctx: AppContext,
  agentId: string,
  action: AgentAction,
  tab?: string,
): Promise<AgentState> {
  const outcome = await ctx.batches.agentActions.submit(
    actionRequest(ctx, agentId, action, 'agent', ctx.clock.now(), tab),
  );
  return toAgentState(ctx, outcome.at, outcome.state);
}

/**
 * The same action alone, inside the caller's transaction `trx` (which may lock the agent first
 * and do more), at `at`; `by` is who asks for a status.
 */
export async function performAgentActionInTransaction(
  ctx: AppContext,
  trx: Db,
  agentId: string,
  action: AgentAction,
  by: StatusSetBy,
  at: Date,
): Promise<AgentState> {
  const outcome = await runAlone(
    repo.agentActionStatement,
    trx,
    actionRequest(ctx, agentId, action, by, at),
  );
  return toAgentState(ctx, outcome.at, outcome.state);
}

function actionRequest(
  ctx: AppContext,
  agentId: string,
  action: AgentAction,
  by: StatusSetBy,
  at: Date,
  tab?: string,
): AgentActionRequest {
  const timeZone = ctx.config.callCentreTimeZone;
  return { agentId, action, by, at, timeZone, channel: LIVE_CHANNEL, tab };
}

/** The agent picks a status (its rules: db/sql/agent-actions.sql). */
export function changeStatus(
  ctx: AppContext,
  actor: SessionUser,
  status: AgentStatus,
  tab?: string,
) {
  return performAgentActionBatched(ctx, actor.id, { kind: 'status', status }, tab);
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
