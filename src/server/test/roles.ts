import type { Db } from '../platform/database';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from './factories';
import { signInAs } from './sign-in';
import type { TestApp } from './test-app';

/** The six kinds of caller every permission is tested for (spec §6 + DESIGN.md). */
export const roleNames = [
  'anonymous',
  'employee',
  'admin with a team',
  'admin without a team',
  'team leader',
  'super admin',
] as const;
export type RoleName = (typeof roleNames)[number];

/**
 * One of each role, signed in: the leader leads `ledTeam`; the employee and the admin with a
 * team are members of `otherTeam` (which the leader does not lead).
 */
export async function signInEveryRole(t: TestApp) {
  const db: Db = t.db;
  const ledTeam = await newTeam(db);
  const otherTeam = await newTeam(db);
  const employee = await newEmployee(db);
  const adminWithTeam = await newAdmin(db);
  const adminWithoutTeam = await newAdmin(db);
  const leader = await newAdmin(db);
  const superAdmin = await newSuperAdmin(db);
  await joinTeam(db, otherTeam, employee);
  await joinTeam(db, otherTeam, adminWithTeam);
  await joinTeam(db, ledTeam, leader, 'team_leader');

  const users = {
    employee,
    'admin with a team': adminWithTeam,
    'admin without a team': adminWithoutTeam,
    'team leader': leader,
    'super admin': superAdmin,
  };
  const cookies: Record<RoleName, string | undefined> = { anonymous: undefined } as Record<
    RoleName,
    string | undefined
  >;
  for (const [role, user] of Object.entries(users)) {
    cookies[role as RoleName] = (await signInAs(t, user)).cookie;
  }
  return { ledTeam, otherTeam, users, cookies };
}
