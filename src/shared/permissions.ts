import type { SessionUser } from './schemas/auth';
import type { TeamMember } from './schemas/teams';

/**
 * Spec §6 and DESIGN.md as pure rules: the server enforces them, the menu follows them.
 * Only the fields a rule needs are required, so both sides can pass what they have.
 */
type Actor = Pick<SessionUser, 'role' | 'is_super_admin' | 'team' | 'is_team_leader'>;

const isAdmin = (user: Actor) => user.role === 'admin';
export const isSuperAdmin = (user: Actor) => isAdmin(user) && user.is_super_admin;

/** The Admins page and its endpoints: super admins only (DESIGN.md). */
export const canManageAdmins = isSuperAdmin;

/** The Voice page (configured voice identities, never keys): super admins only. */
export const canSeeVoiceIdentities = isSuperAdmin;

/** The Audit Log page, its list and its CSV: super admins only. */
export const canReadAuditLog = isSuperAdmin;

/** Creating, editing and deleting teams: super admins only. */
export const canManageTeams = isSuperAdmin;

/** The Teams page: super admins, admins with no team, and admins who lead a team. */
export function canSeeTeamsPage(user: Actor) {
  return isAdmin(user) && (user.is_super_admin || user.team === null || user.is_team_leader);
}

/** A team's members (read and change): a super admin, or the admin who leads that team. */
export function canManageMembersOf(user: Actor, teamId: string) {
  if (isSuperAdmin(user)) return true;
  return isAdmin(user) && user.is_team_leader && user.team?.id === teamId;
}

/** A member as the rules below need them. */
type MemberOf = Pick<TeamMember, 'user_id' | 'user_role'>;

/**
 * A member's role: a leader may promote and demote, but not themselves — stepping down is
 * for a super admin to decide, as only a super admin could undo it.
 */
export function canChangeRoleOf(user: Actor & { id: string }, member: MemberOf) {
  return isSuperAdmin(user) || member.user_id !== user.id;
}

/**
 * Removing a member: a leader may remove employees, but not an admin (themselves included):
 * an admin without a team sees every team's employees, so a leader would widen their access.
 */
export function canRemoveMember(user: Actor & { id: string }, member: MemberOf) {
  return isSuperAdmin(user) || (member.user_id !== user.id && member.user_role === 'employee');
}

/** Registering, listing and editing employees: any admin, within their scope. */
export const canManageEmployees = isAdmin;

/**
 * Whose employees an admin sees and manages (spec §1, §6): a super admin or an admin with no
 * team, everyone's; an admin with a team, only that team's. The same scope decides which
 * teams they may register into.
 */
export function employeeScope(user: Actor): { all: true } | { teamId: string } {
  if (isSuperAdmin(user) || user.team === null) return { all: true };
  return { teamId: user.team.id };
}

/** The analytics page's team cards: super admins only (spec §1, §2). */
export const canSeeTeamAnalytics = isSuperAdmin;

/** Employee analytics (cards, detail, CSV): any admin, within `employeeScope` (spec §1, §6). */
export const canSeeEmployeeAnalytics = isAdmin;

/** The softphone — status, calls, the voice assistant, one's own analytics: employees only. */
export const isAgent = (user: Pick<Actor, 'role'>) => user.role === 'employee';
