import { employeeScope } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { EmployeeRow, EmployeeSortColumn } from '../../../shared/schemas/employees';
import type { ListQuery } from '../../../shared/schemas/list';
import { readListPage } from '../../platform/list-page';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { insertUser } from '../accounts/accounts.repository';
import {
  type ChangeAuthor,
  editAccount,
  hashNewPassword,
  removeAccount,
} from '../accounts/accounts.service';
import { recordAudit } from '../audit/audit.service';
import { existingTeam, placeInTeam } from '../teams/teams.service';
import * as repo from './employees.repository';

function toEmployeeRow(row: repo.EmployeeRecord): EmployeeRow {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    role: 'employee',
    team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
    created_at: row.created_at.toISOString(),
  };
}

async function employeeInScope(db: Db, id: string, scope: repo.EmployeeScope) {
  const employee = await repo.findEmployee(db, id, scope);
  if (!employee) throw new AppError('EMPLOYEE_NOT_FOUND');
  return employee;
}

export async function listEmployees(
  ctx: AppContext,
  actor: SessionUser,
  query: ListQuery<EmployeeSortColumn>,
) {
  const scope = employeeScope(actor);
  const { rows, ...page } = await readListPage(
    query,
    () => repo.countEmployees(ctx.db, scope, query.search),
    (window) => repo.listEmployees(ctx.db, scope, query, window),
  );
  return { employees: rows.map(toEmployeeRow), ...page };
}

/** The teams this admin may register into: every team, or their own. */
export async function registrableTeams(ctx: AppContext, actor: SessionUser) {
  return { teams: await repo.listTeamRefs(ctx.db, employeeScope(actor)) };
}

/**
 * Registration (spec §7) in one transaction: the user (always role employee), its
 * employee_info row and its team membership as 'member' — nothing half-created.
 */
export async function registerEmployee(
  ctx: AppContext,
  input: { username: string; password: string; teamId: string },
  change: ChangeAuthor,
) {
  const scope = employeeScope(change.actor);
  if (!('all' in scope) && scope.teamId !== input.teamId) throw new AppError('TEAM_OUT_OF_SCOPE');
  const passwordHash = await hashPassword(input.password);
  const at = ctx.clock.now();
  const registered = await ctx.db.transaction().execute(async (trx) => {
    const team = await existingTeam(trx, input.teamId);
    const user = await insertUser(trx, {
      username: input.username,
      password_hash: passwordHash,
      email: null,
      role: 'employee',
      team_id: team.id,
      created_at: at,
      updated_at: at,
    });
    await repo.insertEmployeeInfo(trx, user.id);
    await placeInTeam(trx, { teamId: team.id, userId: user.id, role: 'member', at });
    await recordAudit(trx, {
      action: 'employee.registered',
      actor: change.actor,
      target: { type: 'user', id: user.id, name: user.username },
      ip: change.ip,
      at,
      details: { teamId: team.id, teamName: team.name },
    });
    return toEmployeeRow(await employeeInScope(trx, user.id, { all: true }));
  });
  await ctx.live.agentChanged(registered.id); // onto the live floor
  return registered;
}

export async function updateEmployee(
  ctx: AppContext,
  id: string,
  input: { username: string; password?: string | undefined },
  change: ChangeAuthor,
) {
  const scope = employeeScope(change.actor);
  const passwordHash = await hashNewPassword(input.password);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const employee = await employeeInScope(trx, id, scope);
    await editAccount(
      { ...ctx, db: trx },
      employee,
      { username: input.username, passwordHash },
      change,
      'employee',
    );
    return toEmployeeRow(await employeeInScope(trx, id, { all: true }));
  });
  await ctx.live.agentChanged(id);
  return updated;
}

/** Deletes the employee and everything of theirs (calls, status rows, sessions, info, membership). */
export async function deleteEmployee(ctx: AppContext, id: string, change: ChangeAuthor) {
  const scope = employeeScope(change.actor);
  await ctx.db.transaction().execute(async (trx) => {
    const employee = await employeeInScope(trx, id, scope);
    await removeAccount({ ...ctx, db: trx }, employee, change, 'employee.deleted');
  });
  await ctx.live.agentChanged(id); // off the live floor
}
