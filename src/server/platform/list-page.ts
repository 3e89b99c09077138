import {
  type Expression,
  type OrderByModifiersCallbackExpression,
  type SqlBool,
  sql,
} from 'kysely';
import { type ListPage, type ListQuery, servedPage } from '../../shared/schemas/list';

/** Rows `offset`… of the ordered, searched list, at most `limit` of them. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * One page of a list and its counts. The counts and the asked-for page are read together; only
 * a page past the end (rows deleted meanwhile, an old link) costs a second read, of the last.
 */
export async function readListPage<Row>(
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  count: () => Promise<{ total: number; matching: number }>,
  rows: (window: PageWindow) => Promise<Row[]>,
): Promise<ListPage & { rows: Row[] }> {
  const asked = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  const [counts, firstRows] = await Promise.all([count(), rows(asked)]);
  const served = servedPage(query, counts.matching);
  const pageRows =
    served.offset === asked.offset
      ? firstRows
      : await rows({ offset: served.offset, limit: served.pageSize });
  return { ...counts, page: served.page, pageSize: served.pageSize, rows: pageRows };
}

/** `count(*)` and how many of them match the search, in one scan. */
export function countAllAndMatching(matches: Expression<SqlBool> | undefined) {
  return [
    sql<string>`count(*)`.as('total'),
    (matches ? sql<string>`count(*) filter (where ${matches})` : sql<string>`count(*)`).as(
      'matching',
    ),
  ] as const;
}

export function toCounts(row: { total: string | number; matching: string | number }) {
  return { total: Number(row.total), matching: Number(row.matching) };
}

/** Ascending or descending, empty values last either way (a row with no team sorts after). */
export function direction(descending: boolean): OrderByModifiersCallbackExpression {
  return (order) => (descending ? order.desc() : order.asc()).nullsLast();
}
