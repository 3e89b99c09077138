import { useCallback } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { adminPaths, employeeAnalyticsPath } from '../../../lib/admin-paths';

/**
 * A super admin's chosen team in the page's URL, with the range and the cards' list (search,
 * page and the rest: use-employee-cards-params.ts).
 */
export const TEAM_PARAM = 'team';
const SEARCH_PARAM = 'search';
const PAGE_PARAM = 'page';

export type AnalyticsView = 'teams' | 'employees' | 'detail';

/**
 * Which view the analytics page shows (a super admin starts at the team cards, everyone else
 * at the employee cards of their scope) and the team whose cards it asks for: only a super
 * admin chooses one; the server scopes everyone else's.
 */
export function analyticsViewOf(
  isSuperAdmin: boolean,
  place: { employeeId?: string | undefined; teamId?: string | undefined },
): { view: AnalyticsView; teamId: string | undefined } {
  const view = place.employeeId
    ? 'detail'
    : isSuperAdmin && place.teamId === undefined
      ? 'teams'
      : 'employees';
  return { view, teamId: isSuperAdmin ? place.teamId : undefined };
}

/**
 * Where the analytics page is (spec §4: teams → a team's employees → one employee) and the
 * links between its views. Every link keeps the range and the cards' order, filter and view;
 * another team's list starts unsearched at its first page; the detail keeps the list's team,
 * search and page too, so closing it returns to the same list.
 */
export function useAnalyticsLocation() {
  const { employeeId } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const teamId = searchParams.get(TEAM_PARAM) ?? undefined;

  const hrefWith = useCallback(
    (path: string, changes: Record<string, string | null>) => {
      const params = new URLSearchParams(searchParams);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') params.delete(name);
        else params.set(name, value);
      }
      const query = params.toString();
      return query ? `${path}?${query}` : path;
    },
    [searchParams],
  );

  return {
    employeeId,
    teamId,
    /** What a delete left to say, carried to the list it returns to. */
    deletedNotice: (location.state as { deletedNotice?: string } | null)?.deletedNotice,
    teamHref: (id: string) =>
      hrefWith(adminPaths.analytics, {
        [TEAM_PARAM]: id,
        [SEARCH_PARAM]: null,
        [PAGE_PARAM]: null,
      }),
    teamsHref: () =>
      hrefWith(adminPaths.analytics, {
        [TEAM_PARAM]: null,
        [SEARCH_PARAM]: null,
        [PAGE_PARAM]: null,
      }),
    employeeHref: (id: string) => hrefWith(employeeAnalyticsPath(id), {}),
    listHref: () => hrefWith(adminPaths.analytics, {}),
  };
}
