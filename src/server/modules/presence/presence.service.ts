import type { SessionUser } from '../../../shared/schemas/auth';
import type { AgentState } from '../../../shared/schemas/agent';
import { type AgentStatus, INITIAL_STATUS } from '../../../shared/statuses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './presence.repository';

/** The softphone is the employees' side: admins have no status. */
function assertAgent(actor: Pick<SessionUser, 'role'>) {
  if (actor.role !== 'employee') throw new AppError('FORBIDDEN');
}

/**
 * The agent's status and today's time per status, derived from the interval rows: the
 * current status is restored from its open row (across reloads, tabs and restarts).
 */
export async function getAgentState(ctx: AppContext, actor: SessionUser): Promise<AgentState> {
  assertAgent(actor);
  const now = ctx.clock.now();
  const [open, today] = await Promise.all([
    repo.findOpenInterval(ctx.db, actor.id),
    repo.secondsPerStatusToday(ctx.db, actor.id, now, ctx.config.callCentreTimeZone),
  ]);
  return {
    status: (open?.status as AgentStatus | undefined) ?? INITIAL_STATUS,
    since: open ? open.started_at.toISOString() : null,
    serverNow: now.toISOString(),
    day: today.day,
    todaySeconds: today.seconds,
  };
}

/**
 * Closes the open interval and opens the next, in one transaction with the agent's row
 * locked: concurrent changes take turns, and the database allows one open row per agent.
 * Setting the current status again changes nothing.
 */
export async function changeStatus(ctx: AppContext, actor: SessionUser, status: AgentStatus) {
  assertAgent(actor);
  const now = ctx.clock.now();
  const timeZone = ctx.config.callCentreTimeZone;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockAgent(trx, actor.id);
    const open = await repo.findOpenInterval(trx, actor.id);
    if ((open?.status ?? null) === status) return;
    if (open) await repo.closeInterval(trx, open.id, now);
    await repo.openInterval(trx, actor.id, status, now);
    await repo.openSessionOfDay(trx, actor.id, now, timeZone);
  });
  return getAgentState(ctx, actor);
}

/**
 * Employees sign out only from Gone Home (spec §4, §6); signing out ends the day's session.
 * Anyone else may always sign out.
 */
export async function prepareSignOut(ctx: AppContext, user: Pick<SessionUser, 'id' | 'role'>) {
  if (user.role !== 'employee') return;
  const open = await repo.findOpenInterval(ctx.db, user.id);
  if (open && open.status !== INITIAL_STATUS) throw new AppError('SIGN_OUT_NOT_GONE_HOME');
  await repo.endSessionOfDay(ctx.db, user.id, ctx.clock.now(), ctx.config.callCentreTimeZone);
}
