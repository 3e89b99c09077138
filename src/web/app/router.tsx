import { Badge } from '@mantine/core';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { AdminDashboardPage } from '../features/admin-dashboard/components/admin-dashboard-page';
import { AgentDashboardPage } from '../features/agent-dashboard/components/agent-dashboard-page';
import { AppGate, SETUP_PATH } from './app-gate';
import { FirstRunRoute } from './first-run-route';
import { PortalShell } from './portal-shell';
import { HomeRedirect, RequireRole, SIGN_IN_PATH } from './route-guards';
import { SignInRoute } from './sign-in-route';

const demoBadge = (
  <Badge variant="light" color="orange">
    Demo version
  </Badge>
);

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
            element: <PortalShell title="Admin Portal" badge={demoBadge} />,
            children: [
              { path: 'dashboard', element: <AdminDashboardPage /> },
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
            ],
          },
        ],
      },
      {
        path: '/agent',
        element: <RequireRole role="employee" />,
        children: [
          {
            element: <PortalShell title="Employee Portal" />,
            children: [
              { index: true, element: <AgentDashboardPage /> },
              { path: '*', element: <Navigate to="/agent" replace /> },
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
