import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { ADMIN_DASHBOARD_PATH, adminPages } from './admin-pages';
import { AGENT_DASHBOARD_PATH, agentPages } from './agent-pages';
import { AppGate, SETUP_PATH } from './app-gate';
import { RouteError } from './route-error';
import {
  HomeRedirect,
  RequireAdminPage,
  RequireRole,
  SIGN_IN_PATH,
  SignInRedirect,
} from './route-guards';

/**
 * The sign-in page is not here: it is an entry of its own (sign-in.html, src/web/sign-in),
 * which the server serves at /sign-in, so it loads neither this router nor React Query and
 * stays small. The app reaches it by a page load (SignInRedirect). Each shell and page of the
 * admin portal and the agent softphone is loaded when a route first needs it: the router
 * fetches a route's shell and page together and shows them once both are there (no
 * Suspense: a navigation keeps the current screen meanwhile; a first load shows the loader).
 */
const component =
  <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** Reads a page's first data into the query cache, from its URL's search parameters. */
type Prefetch = (queryClient: QueryClient, params: URLSearchParams) => Promise<unknown>;

/**
 * A page whose first request starts beside the session's, not after the page's code: the
 * router runs a route's own loader while `lazy` fetches the page, and the loader fetches only
 * the feature's small prefetch module. It waits for nothing. Entering the page from elsewhere
 * runs it again; the page's own changes to its URL do not (the page asks for those itself).
 */
export const pageWithData = <Module,>(
  queryClient: QueryClient | undefined,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  loadPrefetch: () => Promise<Prefetch>,
): Pick<RouteObject, 'lazy' | 'loader' | 'shouldRevalidate'> => ({
  lazy: component(load, pick),
  ...(queryClient && {
    loader: ({ request }) => {
      // A failure here is the page's to show: it asks again as it renders.
      loadPrefetch()
        .then((prefetch) => prefetch(queryClient, new URL(request.url).searchParams))
        .catch(() => undefined);
      return null;
    },
    shouldRevalidate: () => false,
  }),
});

/** Paths under /admin or /agent, as the router nests them. */
const under = (path: string) => path.replace(/^\/(admin|agent)\//, '');

/** The app's routes; given the app's query client, a page with data asks for it early. */
export const buildAppRoutes = (queryClient?: QueryClient): RouteObject[] => [
  {
    element: <AppGate />,
    errorElement: <RouteError />,
    children: [
      {
        path: SETUP_PATH,
        hydrateFallbackElement: <FullPageLoader />,
        // Used once in a call centre's life: not worth a byte of the sign-in page.
        lazy: component(
          () => import('./first-run-route'),
          (module) => module.FirstRunRoute,
        ),
      },
      // The server answers /sign-in with the sign-in page; the app meets it only if navigated
      // to within itself, and then loads that page.
      { path: SIGN_IN_PATH, element: <SignInRedirect /> },
      {
        path: '/admin',
        element: <RequireRole role="admin" />,
        children: [
          {
            hydrateFallbackElement: <FullPageLoader />,
            lazy: component(
              () => import('./admin-shell'),
              (module) => module.AdminShell,
            ),
            children: [
              {
                path: under(adminPages.dashboard.path),
                lazy: component(
                  () => import('../features/admin-dashboard'),
                  (module) => module.AdminDashboardPage,
                ),
              },
              {
                path: under(adminPages.register.path),
                lazy: component(
                  () => import('../features/employees'),
                  (module) => module.RegisterEmployeePage,
                ),
              },
              {
                path: under(adminPages.analytics.path),
                ...pageWithData(
                  queryClient,
                  () => import('../features/analytics'),
                  (module) => module.AnalyticsPage,
                  async () =>
                    (await import('../features/analytics/prefetch')).prefetchAnalyticsList,
                ),
              },
              {
                path: `${under(adminPages.analytics.path)}/:employeeId`,
                lazy: component(
                  () => import('../features/analytics'),
                  (module) => module.AnalyticsPage,
                ),
              },
              {
                path: under(adminPages.live.path),
                lazy: component(
                  () => import('../features/live-floor'),
                  (module) => module.LiveFloorPage,
                ),
              },
              {
                path: under(adminPages.employees.path),
                ...pageWithData(
                  queryClient,
                  () => import('../features/employees'),
                  (module) => module.EmployeesPage,
                  async () => (await import('../features/employees/prefetch')).prefetchEmployeeList,
                ),
              },
              {
                element: <RequireAdminPage page={adminPages.teams} />,
                children: [
                  {
                    path: under(adminPages.teams.path),
                    lazy: component(
                      () => import('../features/teams'),
                      (module) => module.TeamsPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireAdminPage page={adminPages.admins} />,
                children: [
                  {
                    path: under(adminPages.admins.path),
                    lazy: component(
                      () => import('../features/admins'),
                      (module) => module.AdminsPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireAdminPage page={adminPages.voice} />,
                children: [
                  {
                    path: under(adminPages.voice.path),
                    lazy: component(
                      () => import('../features/voice-identities'),
                      (module) => module.VoiceIdentitiesPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireAdminPage page={adminPages.audit} />,
                children: [
                  {
                    path: under(adminPages.audit.path),
                    lazy: component(
                      () => import('../features/audit'),
                      (module) => module.AuditLogPage,
                    ),
                  },
                ],
              },
              {
                path: under(adminPages.account.path),
                lazy: component(
                  () => import('../features/admin-account'),
                  (module) => module.AdminAccountPage,
                ),
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
            hydrateFallbackElement: <FullPageLoader />,
            lazy: component(
              () => import('./agent-shell'),
              (module) => module.AgentShell,
            ),
            children: [
              {
                index: true,
                lazy: component(
                  () => import('../features/agent-dashboard'),
                  (module) => module.AgentDashboardPage,
                ),
              },
              {
                path: under(agentPages.analytics.path),
                lazy: component(
                  () => import('../features/agent-analytics'),
                  (module) => module.AgentAnalyticsPage,
                ),
              },
              {
                path: under(agentPages.profile.path),
                lazy: component(
                  () => import('../features/agent-profile'),
                  (module) => module.AgentProfilePage,
                ),
              },
              { path: '*', element: <Navigate to={AGENT_DASHBOARD_PATH} replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];

export const appRoutes = buildAppRoutes();

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(buildAppRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
