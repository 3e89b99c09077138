import type { TeamMemberRole } from '../../../../shared/schemas/teams';

/** How a team role reads on screen (spec §2: the Role dropdown offers Member and Team Leader). */
export const teamMemberRoleLabels: Record<TeamMemberRole, string> = {
  member: 'Member',
  team_leader: 'Team Leader',
};

export const teamMemberRoleOptions = (
  Object.entries(teamMemberRoleLabels) as [TeamMemberRole, string][]
).map(([value, label]) => ({ value, label }));
