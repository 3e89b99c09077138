/**
 * The admin portal's URLs (spec §2: one per page id). Features link to each other's pages
 * through these, without importing the app's menu.
 */
export const adminPaths = {
  dashboard: '/admin/dashboard',
  register: '/admin/register',
  analytics: '/admin/analytics',
  live: '/admin/live',
  employees: '/admin/employees',
  teams: '/admin/teams',
  admins: '/admin/admins',
  voice: '/admin/voice',
  audit: '/admin/audit',
  account: '/admin/account',
} as const;

/** Spec §2 'Analytics page': opened preselected for one employee. */
export function employeeAnalyticsPath(employeeId: string) {
  return `${adminPaths.analytics}/${employeeId}`;
}
