import {
  type Icon,
  IconBroadcast,
  IconChartBar,
  IconLayoutDashboard,
  IconShieldLock,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconWaveSine,
} from '@tabler/icons-react';
import { canManageAdmins, canSeeTeamsPage, canSeeVoiceIdentities } from '../../shared/permissions';
import type { SessionUser } from '../../shared/schemas/auth';
import { adminPaths } from '../lib/admin-paths';

export const ADMIN_DASHBOARD_PATH = adminPaths.dashboard;

/**
 * The admin portal's pages (spec §2 'Admin shell': one URL per page id), in menu order.
 * `isVisibleTo` decides both the menu entry and whether the URL opens (else: dashboard).
 */
export interface AdminPage {
  path: string;
  label: string;
  icon: Icon;
  isVisibleTo?: (user: SessionUser) => boolean;
}

export const adminPages = {
  dashboard: { path: ADMIN_DASHBOARD_PATH, label: 'Dashboard', icon: IconLayoutDashboard },
  register: { path: adminPaths.register, label: 'Register Employee', icon: IconUserPlus },
  analytics: { path: adminPaths.analytics, label: 'Analytics', icon: IconChartBar },
  live: { path: adminPaths.live, label: 'Live Floor', icon: IconBroadcast },
  employees: { path: adminPaths.employees, label: 'Employees', icon: IconUsers },
  teams: {
    path: adminPaths.teams,
    label: 'Teams',
    icon: IconUsersGroup,
    isVisibleTo: canSeeTeamsPage,
  },
  admins: {
    path: adminPaths.admins,
    label: 'Admins',
    icon: IconShieldLock,
    isVisibleTo: canManageAdmins,
  },
  voice: {
    path: adminPaths.voice,
    label: 'Voice',
    icon: IconWaveSine,
    isVisibleTo: canSeeVoiceIdentities,
  },
} satisfies Record<string, AdminPage>;

export function isAdminPageVisible(page: AdminPage, user: SessionUser) {
  return page.isVisibleTo?.(user) ?? true;
}
