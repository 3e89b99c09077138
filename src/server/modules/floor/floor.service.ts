import { employeeScope } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Floor, FloorAgent } from '../../../shared/schemas/floor';
import type { AppContext } from '../../platform/context';
import type { EmployeeScope } from '../employees/employees.repository';
import * as repo from './floor.repository';

/** A live connection not refreshed for this long is from a stopped process. */
function connectedSince(ctx: AppContext) {
  return new Date(ctx.clock.now().getTime() - ctx.config.callEngine.disconnectGraceMs);
}

/** The live floor view: every agent in the admin's scope (spec §1: as their employees). */
export async function getFloor(ctx: AppContext, actor: SessionUser): Promise<Floor> {
  const serverNow = ctx.clock.now();
  const agents = await floorAgentsOf(ctx, employeeScope(actor));
  return { serverNow: serverNow.toISOString(), agents };
}

/** The floor entries of everyone in `scope`, or of only these agents. */
export function floorAgentsOf(
  ctx: AppContext,
  scope: EmployeeScope,
  ids?: readonly string[],
): Promise<FloorAgent[]> {
  return repo.floorAgents(ctx.db, scope, connectedSince(ctx), ids);
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
