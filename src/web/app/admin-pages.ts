import {
  canManageAdmins,
  canReadAuditLog,
  canSeeTeamsPage,
  canSeeVoiceIdentities,
} from '../../shared/permissions';
import type { SessionUser } from '../../shared/schemas/auth';
import { adminPaths } from '../lib/admin-paths';

export const ADMIN_DASHBOARD_PATH = adminPaths.dashboard;

/**
 * The admin portal's pages (spec §2 'Admin shell': one URL per page id), in menu order.
 * `isVisibleTo` decides both the menu entry and whether the URL opens (else: dashboard).
 * Their menu icons live in the admin shell, so the app's entry (the softphone's too) does not
 * carry them.
 */
export interface AdminPage {
  path: string;
  label: string;
  isVisibleTo?: (user: SessionUser) => boolean;
}

export const adminPages = {
  dashboard: { path: ADMIN_DASHBOARD_PATH, label: 'Dashboard' },
  register: { path: adminPaths.register, label: 'Register Employee' },
  analytics: { path: adminPaths.analytics, label: 'Analytics' },
  live: { path: adminPaths.live, label: 'Live Floor' },
  employees: { path: adminPaths.employees, label: 'Employees' },
  teams: {
    path: adminPaths.teams,
    label: 'Teams',
    isVisibleTo: canSeeTeamsPage,
  },
  admins: {
    path: adminPaths.admins,
    label: 'Admins',
    isVisibleTo: canManageAdmins,
  },
  voice: {
    path: adminPaths.voice,
    label: 'Voice',
    isVisibleTo: canSeeVoiceIdentities,
  },
  audit: {
    path: adminPaths.audit,
    label: 'Audit Log',
    isVisibleTo: canReadAuditLog,
  },
  /** Your own sessions and password: every admin. */
  account: { path: adminPaths.account, label: 'Account' },
} satisfies Record<string, AdminPage>;

export function isAdminPageVisible(page: AdminPage, user: SessionUser) {
  return page.isVisibleTo?.(user) ?? true;
}
