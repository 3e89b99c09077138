import { type ListSort, sortParam } from '../../../../shared/schemas/list';
import { apiPath } from '../range';

/** What the employee cards on screen are narrowed and ordered by. */
export interface EmployeeCardsFilter {
  teamId: string | undefined;
  search: string;
  sort?: ListSort | undefined;
  isFlaggedOnly?: boolean;
}

/**
 * The CSV of a view, downloaded by a plain link: the browser sends the session cookie and
 * keeps the server's file name (Content-Disposition), which carries the range. The cards' CSV
 * holds every card the filters keep, in their order, not only the page on screen.
 */
export function employeeListCsvHref(filter: EmployeeCardsFilter, range: Record<string, string>) {
  return apiPath('/api/analytics/export.csv', {
    teamId: filter.teamId,
    search: filter.search.trim(),
    sort: filter.sort ? sortParam(filter.sort) : undefined,
    flagged: filter.isFlaggedOnly ? 'true' : undefined,
    ...range,
  });
}

/** One employee's calls and status intervals in the range. */
export function employeeTimelineCsvHref(employeeId: string, range: Record<string, string>) {
  return apiPath('/api/analytics/export.csv', { employeeId, ...range });
}

/** The queue teams and the centre in the range. */
export function queueTeamsCsvHref(range: Record<string, string>) {
  return apiPath('/api/analytics/export.csv', { view: 'queues', ...range });
}

/** A queue team's figures by interval of `minutes` in the range. */
export function queueIntervalsCsvHref(
  teamId: string,
  minutes: number,
  range: Record<string, string>,
) {
  return apiPath('/api/analytics/export.csv', {
    view: 'queue-intervals',
    teamId,
    minutes: `${minutes}`,
    ...range,
  });
}
