import { QueryClient } from '@tanstack/react-query';

/** One cached query under each root a team or employee change must mark stale. */
export const cachedViews = {
  analyticsTeams: ['analytics', 'teams', 'all'],
  analyticsEmployees: ['analytics', 'employees', 'team-1', 'all', ''],
  analyticsDetail: ['analytics', 'employee', 'user-1', 'all'],
  dashboard: ['dashboard'],
  employees: ['employees', ''],
  teams: ['teams'],
};

export function clientWithCachedViews() {
  const queryClient = new QueryClient();
  for (const key of Object.values(cachedViews)) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

/** The names of the views in `cachedViews` now marked stale. */
export const staleViews = (queryClient: QueryClient) =>
  Object.entries(cachedViews)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
