import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  type ListSort,
  PAGE_SIZES,
  type PageSize,
  parseSortParam,
  sortParam,
} from '../../shared/schemas/list';
import { SEARCH_DEBOUNCE_MS, SEARCH_PREFETCH_WAIT_MS } from './timings';
import { type ValueSource, createValueStore, useValue } from './value-store';

/** Changes to a list's parameters; null removes one (its default). */
type ParamChanges = Record<string, string | null>;

interface ParamStore {
  params: URLSearchParams;
  /** `push`: a step back and forward restore (paging, sorting); else the entry is replaced. */
  update: (changes: ParamChanges, push: boolean) => void;
  /** Another page is on its way (its code or data loading): this list's state is done with. */
  isLeaving: () => boolean;
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
  // Read from the router when asked: its state changes the moment a link is followed, a
  // render before this component hears of it. Outside a data router nothing is ever loading.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const isLeaving = useCallback(() => {
    const state = router?.state;
    return (
      !!state?.navigation.location && state.navigation.location.pathname !== state.location.pathname
    );
  }, [router]);
  return { params, update, isLeaving };
}

const staying = () => false;

/** A list inside a dialog keeps its state in the dialog, leaving the page's URL alone. */
export function useLocalParamStore(): ParamStore {
  const [params, setParams] = useState(() => new URLSearchParams());
  const update = useCallback(
    (changes: ParamChanges) => setParams((current) => applyChanges(current, changes)),
    [],
  );
  return { params, update, isLeaving: staying };
}

/** The query string a server's list route takes (defaults left out). */
function listQueryString({
  search,
  sort,
  page,
  pageSize,
}: {
  search: string;
  sort: ListSort<string> | undefined;
  page: number;
  pageSize: PageSize;
}) {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (sort) query.set('sort', sortParam(sort));
  if (page > 1) query.set('page', String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(pageSize));
  return query.toString();
}

/** A list's search, sort, page and page size as its URL's `params` hold them. */
function listStateOf<Column extends string>(columns: readonly Column[], params: URLSearchParams) {
  return {
    search: params.get('search') ?? '',
    sort: parseSortParam(columns, params.get('sort')),
    page: pageOf(params.get('page')),
    pageSize: pageSizeOf(params.get('pageSize')),
  };
}

/** What a list whose state is in its URL's `params` asks its server route for. */
export function listQueryStringOf(columns: readonly string[], params: URLSearchParams) {
  return listQueryString(listStateOf(columns, params));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pageOf(text: string | null) {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function pageSizeOf(text: string | null): PageSize {
  const size = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
}

/**
 * What is in a list's search box, kept outside React state: a key re-renders the box
 * (`useSearchText`), not the list and its rows.
 */
export type SearchText = ValueSource<string>;

/** The search box's text, for the box itself. */
export const useSearchText = (searchText: SearchText) => useValue(searchText);

export interface ListParams<Column extends string> {
  /** What is in the search box now. */
  searchText: SearchText;
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
  /** Reads a list's page (by its query string) into the query cache. */
  prefetch?: (queryString: string) => Promise<unknown>,
): ListParams<Column> {
  const { params, update, isLeaving } = store;
  const { search, sort, page, pageSize } = listStateOf(columns, params);

  const [searchText] = useState(() => createValueStore(search));
  // The search this hook last asked for: a different one in the store came from elsewhere
  // (back, forward, a link), and the box shows it, dropping a search still waiting to be asked.
  const asked = useRef(search);
  const waiting = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A new search is a step back can undo; the searches typed after it replace that step, so
  // a word typed is one step, not one per pause.
  const isSearchStep = useRef(false);
  useEffect(() => {
    if (search !== asked.current) {
      asked.current = search;
      isSearchStep.current = false;
      clearTimeout(waiting.current);
      searchText.set(search);
    }
  }, [search, searchText]);
  // Gone (another page opened): a search still waiting for its rows is not asked for.
  const isGone = useRef(false);
  useEffect(() => {
    isGone.current = false;
    return () => {
      isGone.current = true;
      clearTimeout(waiting.current);
    };
  }, []);
  const latest = useRef({ update, isLeaving, sort, pageSize, prefetch });
  useEffect(() => {
    latest.current = { update, isLeaving, sort, pageSize, prefetch };
  });

  // The list follows once typing pauses. Its rows are read before the search goes into the
  // store, so the page renders once, with them, rather than first with the old rows (no
  // request starts before that render ends) and then again; a slow answer is waited for only
  // so long, then the list shows it is loading.
  const setSearchInput = useCallback(
    (text: string) => {
      searchText.set(text);
      clearTimeout(waiting.current);
      waiting.current = setTimeout(() => {
        const term = text.trim();
        if (term === asked.current) return;
        asked.current = term;
        const { sort, pageSize, prefetch } = latest.current;
        const read = prefetch?.(listQueryString({ search: term, sort, page: 1, pageSize }));
        void Promise.race([read, delay(SEARCH_PREFETCH_WAIT_MS)]).then(() => {
          // Typed on, or sent elsewhere (back, forward) meanwhile: that search wins. Another
          // page on its way: writing the search would send the router back to this one.
          if (asked.current !== term || isGone.current || latest.current.isLeaving()) return;
          latest.current.update({ search: term || null, page: null }, !isSearchStep.current);
          isSearchStep.current = true;
        });
      }, SEARCH_DEBOUNCE_MS);
    },
    [searchText],
  );

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

  const queryString = useMemo(
    () => listQueryString({ search, sort, page, pageSize }),
    [search, sort, page, pageSize],
  );

  return {
    searchText,
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
