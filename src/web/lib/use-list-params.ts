import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  type ListSort,
  PAGE_SIZES,
  type PageSize,
  parseSortParam,
  sortParam,
} from '../../shared/schemas/list';
import { SEARCH_DEBOUNCE_MS } from './timings';

/** Changes to a list's parameters; null removes one (its default). */
type ParamChanges = Record<string, string | null>;

interface ParamStore {
  params: URLSearchParams;
  /** `push`: a step back and forward restore (paging, sorting); else the entry is replaced. */
  update: (changes: ParamChanges, push: boolean) => void;
}

function applyChanges(params: URLSearchParams, changes: ParamChanges) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** A page's list keeps its state in the URL: back, forward, reload and a shared link restore it. */
export function useUrlParamStore(): ParamStore {
  const [params, setParams] = useSearchParams();
  // The router hands out new params when a navigation commits, later than it changes the URL
  // (in a transition): a second change meanwhile starts from the first's result, not from the
  // params it was rendered with, which would undo the first.
  const pending = useRef<{ from: URLSearchParams; next: URLSearchParams }>(undefined);
  const update = useCallback(
    (changes: ParamChanges, push: boolean) => {
      const base = pending.current?.from === params ? pending.current.next : params;
      const next = applyChanges(base, changes);
      pending.current = { from: params, next };
      setParams(next, { replace: !push });
    },
    [params, setParams],
  );
  return { params, update };
}

/** A list inside a dialog keeps its state in the dialog, leaving the page's URL alone. */
export function useLocalParamStore(): ParamStore {
  const [params, setParams] = useState(() => new URLSearchParams());
  const update = useCallback(
    (changes: ParamChanges) => setParams((current) => applyChanges(current, changes)),
    [],
  );
  return { params, update };
}

function pageOf(text: string | null) {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function pageSizeOf(text: string | null): PageSize {
  const size = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
}

export interface ListParams<Column extends string> {
  /** What is in the search box now. */
  searchInput: string;
  setSearchInput: (text: string) => void;
  /** The search the list is asked for: the box's text once typing pauses, trimmed. */
  search: string;
  sort: ListSort<Column> | undefined;
  /** Sorts by the column; the column it already sorts by, the other way. */
  toggleSort: (column: Column) => void;
  page: number;
  setPage: (page: number) => void;
  pageSize: PageSize;
  setPageSize: (pageSize: PageSize) => void;
  /** The query string the server's list route takes (defaults left out). */
  queryString: string;
}

/**
 * The search, sort, page and page size of a server-paged list. The search box answers every
 * key at once; the list follows SEARCH_DEBOUNCE_MS after typing pauses. A new search or sort
 * starts again at page 1.
 */
export function useListParams<Column extends string>(
  columns: readonly Column[],
  store: ParamStore,
): ListParams<Column> {
  const { params, update } = store;
  const search = params.get('search') ?? '';
  const sort = parseSortParam(columns, params.get('sort'));
  const page = pageOf(params.get('page'));
  const pageSize = pageSizeOf(params.get('pageSize'));

  const [searchInput, setSearchInput] = useState(search);
  const [typed] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  // The search this hook last asked for: a different one in the store came from elsewhere
  // (back, forward, a link), and the box shows it.
  const asked = useRef(search);
  // A new search is a step back can undo; the searches typed after it replace that step, so
  // a word typed is one step, not one per pause.
  const isSearchStep = useRef(false);
  useEffect(() => {
    if (search !== asked.current) {
      asked.current = search;
      isSearchStep.current = false;
      setSearchInput(search);
    }
  }, [search]);
  // Only typing writes a search: a new location (the store's `update` changes with it) must
  // not write back what the box held before it.
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    const term = typed.trim();
    if (term === asked.current) return;
    asked.current = term;
    update({ search: term || null, page: null }, !isSearchStep.current);
    isSearchStep.current = true;
  }, [typed, update]);

  const toggleSort = useCallback(
    (column: Column) => {
      const descending = sort?.column === column ? !sort.descending : false;
      isSearchStep.current = false;
      update({ sort: sortParam({ column, descending }), page: null }, true);
    },
    [sort, update],
  );
  const setPage = useCallback(
    (next: number) => {
      isSearchStep.current = false;
      update({ page: next > 1 ? String(next) : null }, true);
    },
    [update],
  );
  const setPageSize = useCallback(
    (next: PageSize) => {
      isSearchStep.current = false;
      update({ pageSize: next === DEFAULT_PAGE_SIZE ? null : String(next), page: null }, true);
    },
    [update],
  );

  const queryString = useMemo(() => {
    const query = new URLSearchParams();
    if (search) query.set('search', search);
    if (sort) query.set('sort', sortParam(sort));
    if (page > 1) query.set('page', String(page));
    if (pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(pageSize));
    return query.toString();
  }, [search, sort, page, pageSize]);

  return {
    searchInput,
    setSearchInput,
    search,
    sort,
    toggleSort,
    page,
    setPage,
    pageSize,
    setPageSize,
    queryString,
  };
}
