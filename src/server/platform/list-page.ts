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
 *
 * A list long enough that a deep page would cost a read of every row before it also gives
 * `rowsFromEnd`, the same rows in the reverse order: its counts are read first, and a page in
 * the second half is read from the end.
 */
export async function readListPage<Row>(
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  count: () => Promise<{ total: number; matching: number }>,
  rows: (window: PageWindow) => Promise<Row[]>,
  rowsFromEnd?: (window: PageWindow) => Promise<Row[]>,
): Promise<ListPage & { rows: Row[] }> {
  const asked = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  if (rowsFromEnd) {
    const counts = await count();
    const served = servedPage(query, counts.matching);
    const onPage = Math.max(0, Math.min(served.pageSize, counts.matching - served.offset));
    const fromEnd = counts.matching - served.offset - onPage;
    const pageRows =
      fromEnd < served.offset
        ? (await rowsFromEnd({ offset: fromEnd, limit: onPage })).reverse()
        : await rows({ offset: served.offset, limit: served.pageSize });
    return { ...counts, page: served.page, pageSize: served.pageSize, rows: pageRows };
  }
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

/**
 * Ascending or descending, empty values last either way (a row with no team sorts after); or,
 * `fromEnd`, the very reverse of that order.
 */
export function direction(
  descending: boolean,
  fromEnd = false,
): OrderByModifiersCallbackExpression {
  return (order) => {
    const way = descending !== fromEnd ? order.desc() : order.asc();
    return fromEnd ? way.nullsFirst() : way.nullsLast();
  };
}
