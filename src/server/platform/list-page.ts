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
  count: () => Promise<ListCounts>,
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

export interface ListCounts {
  total: number;
  matching: number;
}

/**
 * One page of a list long enough that a deep page would cost a read of every row before it:
 * the counts first, then the page, read from the end (`fromEnd`: the rows in the reverse order)
 * when it lies in the list's second half. `read` has the counts, to choose how to read.
 */
export async function readLongListPage<Row>(
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  count: () => Promise<ListCounts>,
  read: (window: PageWindow & { fromEnd: boolean }, counts: ListCounts) => Promise<Row[]>,
): Promise<ListPage & { rows: Row[] }> {
  const counts = await count();
  const served = servedPage(query, counts.matching);
  const onPage = Math.max(0, Math.min(served.pageSize, counts.matching - served.offset));
  const fromEnd = counts.matching - served.offset - onPage;
  const rows =
    fromEnd < served.offset
      ? (await read({ offset: fromEnd, limit: onPage, fromEnd: true }, counts)).reverse()
      : await read({ offset: served.offset, limit: served.pageSize, fromEnd: false }, counts);
  return { ...counts, page: served.page, pageSize: served.pageSize, rows };
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

export function toCounts(row: { total: string | number; matching: string | number }): ListCounts {
  return { total: Number(row.total), matching: Number(row.matching) };
}

/** Ascending or descending, empty values last either way (a row with no team sorts after). */
export function direction(descending: boolean): OrderByModifiersCallbackExpression {
  return (order) => (descending ? order.desc() : order.asc()).nullsLast();
}
