import { employeeScope } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';
import type {
  FloorAgent,
  FloorListQuery,
  FloorPage,
  FloorQueue,
} from '../../../shared/schemas/floor';
import type { AppContext } from '../../platform/context';
import { readListPage } from '../../platform/list-page';
import type { EmployeeScope } from '../employees/employees.repository';
import * as repo from './floor.repository';

/** A live connection not refreshed for this long is from a stopped process. */
function connectedSince(ctx: AppContext, now = ctx.clock.now()) {
  return new Date(now.getTime() - ctx.config.callEngine.disconnectGraceMs);
}

/**
 * A page of the live floor view: the agents in the admin's scope (spec §1: as their
 * employees) that the search and status filter match, and how many of the scope are in each
 * status.
 */
export async function getFloor(
  ctx: AppContext,
  actor: SessionUser,
  query: FloorListQuery,
): Promise<FloorPage> {
  const serverNow = ctx.clock.now();
  const scope = employeeScope(actor);
  const since = connectedSince(ctx, serverNow);
  // Read beside the page, as any list's counts are; the counts by status come with them.
  const queues = floorQueuesOf(ctx, scope);
  const counts = repo.countFloor(ctx.db, scope, since, query);
  const { rows, ...page } = await readListPage(
    query,
    () => counts,
    (window) => repo.floorPage(ctx.db, scope, since, query, serverNow, window),
  );
  const { statusCounts } = await counts;
  return {
    serverNow: serverNow.toISOString(),
    agents: rows,
    queues: await queues,
    statusCounts,
    total: page.total,
    matching: page.matching,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** The floor entries of everyone in `scope`, or of only these agents. */
export function floorAgentsOf(
  ctx: AppContext,
  scope: EmployeeScope,
  ids?: readonly string[],
): Promise<FloorAgent[]> {
  return repo.floorAgents(ctx.db, scope, connectedSince(ctx), ids);
}

/** The queues of the teams in `scope` (or only of `teamIds`) now. */
export function floorQueuesOf(
  ctx: AppContext,
  scope: EmployeeScope,
  teamIds?: readonly string[],
): Promise<FloorQueue[]> {
  return repo.floorQueues(ctx.db, scope, ctx.clock.now(), ctx.config.callCentreTimeZone, teamIds);
}

/** Each admin's floor scope now, as `employeeScope` decides it; non-admins are left out. */
export async function floorScopesOf(ctx: AppContext, userIds: readonly string[]) {
  const admins = await repo.adminsTeams(ctx.db, userIds);
  return new Map(
    admins.map((admin) => [
      admin.id,
      admin.is_super_admin || admin.team_id === null
        ? ({ all: true } as const)
        : { teamId: admin.team_id },
    ]),
  );
}
