import { DEFAULT_PAGE_SIZE, parseSortParam, servedPage } from '../../shared/schemas/list';
import { jsonResponse } from './fetch-mock';

interface PagedListOptions<Row> {
  /** Whether a row matches the search (already lower-cased). */
  matches: (row: Row, search: string) => boolean;
  /** What each sortable column sorts by. */
  sortBy?: Record<string, (row: Row) => string | number>;
  /** More of the answer beside the rows and counts. */
  extra?: Record<string, unknown>;
}

/**
 * A list route as the server answers it: `search`, `sort`, `page` and `pageSize` of the query
 * applied to `rows` (in the list's default order), under `key` with the counts.
 */
export function pagedListResponse<Row>(
  key: string,
  rows: readonly Row[],
  query: URLSearchParams,
  { matches, sortBy = {}, extra = {} }: PagedListOptions<Row>,
) {
  const search = query.get('search')?.toLowerCase() ?? '';
  let matching = rows.filter((row) => !search || matches(row, search));
  const sort = parseSortParam(Object.keys(sortBy), query.get('sort'));
  if (sort) {
    const key = sortBy[sort.column]!;
    matching = matching.toSorted((a, b) => {
      const order = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
      return sort.descending ? -order : order;
    });
  }
  const served = servedPage(
    {
      page: Number(query.get('page') ?? 1),
      pageSize: Number(query.get('pageSize') ?? DEFAULT_PAGE_SIZE),
    },
    matching.length,
  );
  return jsonResponse({
    [key]: matching.slice(served.offset, served.offset + served.pageSize),
    total: rows.length,
    matching: matching.length,
    page: served.page,
    pageSize: served.pageSize,
    ...extra,
  });
}
