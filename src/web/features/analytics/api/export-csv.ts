import { apiPath } from '../range';

/**
 * The CSV of a view, downloaded by a plain link: the browser sends the session cookie and
 * keeps the server's file name (Content-Disposition), which carries the range.
 */
export function employeeListCsvHref(
  filter: { teamId: string | undefined; search: string },
  range: Record<string, string>,
) {
  return apiPath('/api/analytics/export.csv', {
    teamId: filter.teamId,
    search: filter.search.trim(),
    ...range,
  });
}

/** One employee's calls and status intervals in the range. */
export function employeeTimelineCsvHref(employeeId: string, range: Record<string, string>) {
  return apiPath('/api/analytics/export.csv', { employeeId, ...range });
}
