import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { AdminDashboardPage } from '../features/admin-dashboard';
import { AdminsPage } from '../features/admins';
import { VoiceIdentitiesPage } from '../features/voice-identities';
import { EmployeesPage, RegisterEmployeePage } from '../features/employees';
import { AgentAnalyticsPage } from '../features/agent-analytics';
import { AnalyticsPage } from '../features/analytics';
import { AgentDashboardPage } from '../features/agent-dashboard';
import { AgentProfilePage } from '../features/agent-profile';
import { LiveFloorPage } from '../features/live-floor';
import { TeamsPage } from '../features/teams';
import { ADMIN_DASHBOARD_PATH, adminPages } from './admin-pages';
import { AGENT_DASHBOARD_PATH, agentPages } from './agent-pages';
import { AdminShell } from './admin-shell';
import { AgentShell } from './agent-shell';
import { AppGate, SETUP_PATH } from './app-gate';
import { FirstRunRoute } from './first-run-route';
import { HomeRedirect, RequireAdminPage, RequireRole, SIGN_IN_PATH } from './route-guards';
import { SignInRoute } from './sign-in-route';

/** Paths under /admin or /agent, as the router nests them. */
const under = (path: string) => path.replace(/^\/(admin|agent)\//, '');

export const appRoutes: RouteObject[] = [
  {
    element: <AppGate />,
    children: [
      { path: SETUP_PATH, element: <FirstRunRoute /> },
      { path: SIGN_IN_PATH, element: <SignInRoute /> },
      {
        path: '/admin',
        element: <RequireRole role="admin" />,
        children: [
          {
            element: <AdminShell />,
            children: [
              { path: under(adminPages.dashboard.path), element: <AdminDashboardPage /> },
              { path: under(adminPages.register.path), element: <RegisterEmployeePage /> },
              { path: under(adminPages.analytics.path), element: <AnalyticsPage /> },
              {
                path: `${under(adminPages.analytics.path)}/:employeeId`,
                element: <AnalyticsPage />,
              },
              { path: under(adminPages.live.path), element: <LiveFloorPage /> },
              { path: under(adminPages.employees.path), element: <EmployeesPage /> },
              {
                element: <RequireAdminPage page={adminPages.teams} />,
                children: [{ path: under(adminPages.teams.path), element: <TeamsPage /> }],
              },
              {
                element: <RequireAdminPage page={adminPages.admins} />,
                children: [{ path: under(adminPages.admins.path), element: <AdminsPage /> }],
              },
              {
                element: <RequireAdminPage page={adminPages.voice} />,
                children: [
                  { path: under(adminPages.voice.path), element: <VoiceIdentitiesPage /> },
                ],
              },
              { index: true, element: <Navigate to={ADMIN_DASHBOARD_PATH} replace /> },
              { path: '*', element: <Navigate to={ADMIN_DASHBOARD_PATH} replace /> },
            ],
          },
        ],
      },
      {
        path: '/agent',
        element: <RequireRole role="employee" />,
        children: [
          {
            element: <AgentShell />,
            children: [
              { index: true, element: <AgentDashboardPage /> },
              { path: under(agentPages.analytics.path), element: <AgentAnalyticsPage /> },
              { path: under(agentPages.profile.path), element: <AgentProfilePage /> },
              { path: '*', element: <Navigate to={AGENT_DASHBOARD_PATH} replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
