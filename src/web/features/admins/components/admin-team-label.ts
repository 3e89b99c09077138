import type { AdminRow } from '../../../../shared/schemas/admins';

/** Spec §2/§6: 'No Team (Super Admin)', '{team} (Leader)', '{team}' or 'No Team'. */
export function adminTeamLabel(admin: AdminRow) {
  if (admin.is_super_admin) return 'No Team (Super Admin)';
  if (!admin.team) return 'No Team';
  return admin.is_team_leader ? `${admin.team.name} (Leader)` : admin.team.name;
}
