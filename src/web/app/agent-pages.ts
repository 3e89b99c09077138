import { type Icon, IconChartBar, IconLayoutDashboard, IconUserCircle } from '@tabler/icons-react';

export const AGENT_DASHBOARD_PATH = '/agent';

/** The employee portal's pages (spec §2 'Employee portal shell'), in drawer order. */
export interface AgentPage {
  path: string;
  label: string;
  icon: Icon;
}

export const agentPages = {
  dashboard: { path: AGENT_DASHBOARD_PATH, label: 'Dashboard', icon: IconLayoutDashboard },
  analytics: { path: '/agent/analytics', label: 'Analytics', icon: IconChartBar },
  profile: { path: '/agent/profile', label: 'Profile', icon: IconUserCircle },
} satisfies Record<string, AgentPage>;

/** The dashboard is the portal's root: only its own path is it, not every path under it. */
export function isCurrentAgentPage(page: AgentPage, pathname: string) {
  if (page.path === AGENT_DASHBOARD_PATH) return pathname === AGENT_DASHBOARD_PATH;
  return pathname === page.path || pathname.startsWith(`${page.path}/`);
}
