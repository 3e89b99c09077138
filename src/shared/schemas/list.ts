import { z } from 'zod';
import { searchField } from './fields';

/**
 * A list the server pages, sorts and searches: the Employees, Admins and Teams pages, a
 * team's members and candidates, the analytics employee cards, the live floor and the Audit
 * Log all take `?search&sort&page&pageSize` and answer one page with its counts.
 */

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;

const wholeNumber = z.coerce
  .number({ error: 'Must be a whole number' })
  .int({ error: 'Must be a whole number' });

const pageField = wholeNumber
  .min(1, { error: 'Must be at least 1' })
  .max(1_000_000, { error: 'Must be at most 1000000' })
  .default(1);

const pageSizeField = wholeNumber
  .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
    error: `Must be one of ${PAGE_SIZES.join(', ')}`,
  })
  .default(DEFAULT_PAGE_SIZE);

export interface ListSort<Column extends string = string> {
  column: Column;
  descending: boolean;
}

/** `sort` in a URL: the column's name, with `-` in front for descending. */
export function sortParam<Column extends string>(sort: ListSort<Column>) {
  return sort.descending ? `-${sort.column}` : sort.column;
}

export function parseSortParam<Column extends string>(
  columns: readonly Column[],
  text: string | null | undefined,
): ListSort<Column> | undefined {
  if (!text) return undefined;
  const descending = text.startsWith('-');
  const column = (descending ? text.slice(1) : text) as Column;
  return columns.includes(column) ? { column, descending } : undefined;
}

/**
 * The query of a list whose sortable columns are `columns`. Without `sort` the list keeps its
 * default order (each list's summary says which). A page past the last answers the last.
 */
export function listQuerySchema<const Column extends string>(columns: readonly Column[]) {
  const names = columns.flatMap((column) => [column, `-${column}`]);
  return z.object({
    search: searchField,
    sort: z
      .enum(names as [string, ...string[]], {
        error: `Must be a column (${columns.join(', ')}), with '-' in front for descending`,
      })
      .optional()
      .transform((text) => parseSortParam(columns, text)),
    page: pageField,
    pageSize: pageSizeField,
  });
}

export interface ListQuery<Column extends string = string> {
  search?: string | undefined;
  sort?: ListSort<Column> | undefined;
  page: number;
  pageSize: number;
}

/** What a list answers beside its rows. */
export const listPageFields = {
  /** Every row in the viewer's scope, whatever the search. */
  total: z.number().int().nonnegative(),
  /** The rows matching the search (all of them, not only this page's). */
  matching: z.number().int().nonnegative(),
  /** The page served, from 1: the one asked for, or the last if that is past the end. */
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};

export interface ListPage {
  total: number;
  matching: number;
  page: number;
  pageSize: number;
}

/** The page to serve: the one asked for, or the last one with rows (page 1 of nothing). */
export function servedPage(query: Pick<ListQuery, 'page' | 'pageSize'>, matching: number) {
  const last = Math.max(1, Math.ceil(matching / query.pageSize));
  const page = Math.min(query.page, last);
  return { page, pageSize: query.pageSize, offset: (page - 1) * query.pageSize };
}
