/**
 * The audit log's vocabulary: what happened, as a stable code the server writes
 * ('employee.deleted') and in words for the Audit Log page and its CSV.
 */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.reset_answer_failed',
  'auth.reset_completed',
  'auth.password_changed',
  'auth.current_password_failed',
  'auth.session_revoked',
  'profile.updated',
  'setup.completed',
  'admin.created',
  'admin.updated',
  'admin.password_reset',
  'admin.deleted',
  'employee.registered',
  'employee.updated',
  'employee.password_reset',
  'employee.deleted',
  'team.created',
  'team.updated',
  'team.deleted',
  'team.member_added',
  'team.member_role_changed',
  'team.member_removed',
  'team.wrap_up_changed',
  'team.inbound_changed',
] as const;

export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Signed out',
  'auth.reset_answer_failed': 'Wrong security answer',
  'auth.reset_completed': 'Reset own password',
  'auth.password_changed': 'Changed own password',
  'auth.current_password_failed': 'Wrong current password',
  'auth.session_revoked': 'Ended a session',
  'profile.updated': 'Updated own profile',
  'setup.completed': 'Completed first-run setup',
  'admin.created': 'Added admin',
  'admin.updated': 'Edited admin',
  'admin.password_reset': "Set admin's password",
  'admin.deleted': 'Deleted admin',
  'employee.registered': 'Registered employee',
  'employee.updated': 'Edited employee',
  'employee.password_reset': "Set employee's password",
  'employee.deleted': 'Deleted employee',
  'team.created': 'Created team',
  'team.updated': 'Edited team',
  'team.deleted': 'Deleted team',
  'team.member_added': 'Added team member',
  'team.member_role_changed': "Changed member's role",
  'team.member_removed': 'Removed team member',
  'team.wrap_up_changed': 'Changed wrap-up codes or rules',
  'team.inbound_changed': 'Changed inbound calls',
};

function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(auditActionLabels, action);
}

/**
 * An action in words. A member's role change says which way it went; a code this build does
 * not know (written by a newer one) shows as it is.
 */
export function describeAuditAction(action: string, details?: Record<string, unknown> | null) {
  if (action === 'team.member_role_changed' && details?.to === 'team_leader') {
    return 'Promoted to team leader';
  }
  if (action === 'team.member_role_changed' && details?.to === 'member') {
    return 'Demoted to member';
  }
  return isAuditAction(action) ? auditActionLabels[action] : action;
}

/** The codes whose words contain `search` (case-insensitive), so a search finds 'deleted admin'. */
export function auditActionsMatching(search: string): AuditAction[] {
  const term = search.trim().toLowerCase();
  if (!term) return [];
  return auditActions.filter((action) => {
    const words = [auditActionLabels[action]];
    if (action === 'team.member_role_changed') words.push('Promoted', 'Demoted');
    return words.some((text) => text.toLowerCase().includes(term));
  });
}

const detailWords: Record<string, (value: unknown) => string | null> = {
  renamedFrom: (value) => `renamed from ${String(value)}`,
  passwordChanged: (value) => (value === true ? 'password changed' : null),
  descriptionChanged: (value) => (value === true ? 'description changed' : null),
  teamName: (value) => `team ${String(value)}`,
  isSuperAdmin: (value) => (value === true ? 'super admin' : null),
  memberCount: (value) => `${String(value)} member${value === 1 ? '' : 's'}`,
  fullName: (value) => (value === null ? 'full name cleared' : `full name ${String(value)}`),
  role: (value) => (value === 'team_leader' ? 'as team leader' : null),
};

/** The details of an entry a reader cares about, in a few words ('renamed from ana'), or ''. */
export function describeAuditDetails(details: Record<string, unknown> | null | undefined) {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => detailWords[key]?.(value) ?? null)
    .filter((text): text is string => text !== null)
    .join('; ');
}
