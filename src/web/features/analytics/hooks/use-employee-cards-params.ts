import { useCallback } from 'react';
import {
  type EmployeeAnalyticsSortColumn,
  employeeAnalyticsSortColumns,
} from '../../../../shared/schemas/analytics';
import { type ListSort, sortParam } from '../../../../shared/schemas/list';
import { useListParams, useUrlParamStore } from '../../../lib/use-list-params';

/** Only the flagged agents (`flagged=true`), and the table instead of the cards (`view=table`). */
export const FLAGGED_PARAM = 'flagged';
export const VIEW_PARAM = 'view';

/** Whether the cards' URL `params` ask for the flagged agents only. */
export const isFlaggedOnlyIn = (params: URLSearchParams) => params.get(FLAGGED_PARAM) === 'true';

export const cardsViews = ['cards', 'table'] as const;
export type CardsView = (typeof cardsViews)[number];

/**
 * The employee cards' list state, all in the page's URL beside the range and team: search,
 * sort, page and page size (the list contract's), the flagged filter and the view. A new sort
 * or filter starts again at page 1; sorting, filtering, paging and switching views are steps
 * back and forward retrace.
 */
export function useEmployeeCardsParams(
  /** Reads a page of cards into the query cache. */
  prefetch: (query: { listQuery: string; isFlaggedOnly: boolean }) => Promise<unknown>,
) {
  const store = useUrlParamStore();
  const { params, update } = store;
  const isFlaggedOnly = isFlaggedOnlyIn(params);
  const list = useListParams(employeeAnalyticsSortColumns, store, (listQuery) =>
    prefetch({ listQuery, isFlaggedOnly }),
  );
  const view: CardsView = params.get(VIEW_PARAM) === 'table' ? 'table' : 'cards';

  /** Undefined: the default order, by username. */
  const setSort = useCallback(
    (sort: ListSort<EmployeeAnalyticsSortColumn> | undefined) =>
      update({ sort: sort ? sortParam(sort) : null, page: null }, true),
    [update],
  );
  const setFlaggedOnly = useCallback(
    (isOn: boolean) => update({ [FLAGGED_PARAM]: isOn ? 'true' : null, page: null }, true),
    [update],
  );
  const setView = useCallback(
    (next: CardsView) => update({ [VIEW_PARAM]: next === 'cards' ? null : next }, true),
    [update],
  );

  return { ...list, setSort, isFlaggedOnly, setFlaggedOnly, view, setView };
}

export type EmployeeCardsParams = ReturnType<typeof useEmployeeCardsParams>;
