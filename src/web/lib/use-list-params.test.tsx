import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SEARCH_PREFETCH_WAIT_MS } from './timings';
import { useListParams, useLocalParamStore, useUrlParamStore } from './use-list-params';

const inRouter = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/list?search=an']}>{children}</MemoryRouter>
);

describe('useUrlParamStore', () => {
  it('keeps every change made before the router hands out the new params', () => {
    const { result } = renderHook(() => useUrlParamStore(), { wrapper: inRouter });
    // Two controls changed at once (one event each, no render between): neither undoes the other.
    act(() => {
      result.current.update({ view: 'table' }, true);
      result.current.update({ sort: '-totalCalls', page: null }, true);
    });
    expect(result.current.params.toString()).toBe('search=an&view=table&sort=-totalCalls');

    // Once rendered, a change starts from the params the router now has.
    act(() => result.current.update({ view: null }, true));
    expect(result.current.params.toString()).toBe('search=an&sort=-totalCalls');
  });
});

describe('useListParams', () => {
  function deferred() {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  it("reads a paused search's rows before the list asks for them; a later search wins", async () => {
    vi.useFakeTimers();
    try {
      const reads = new Map<string, ReturnType<typeof deferred>>();
      const prefetch = vi.fn((queryString: string) => {
        const read = deferred();
        reads.set(queryString, read);
        return read.promise;
      });
      const { result } = renderHook(() => useListParams(['name'], useLocalParamStore(), prefetch));

      act(() => result.current.setSearchInput('an '));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      expect(prefetch).toHaveBeenCalledWith('search=an');
      // Asked, not yet answered: the list still shows what it showed.
      expect(result.current.search).toBe('');
      await act(async () => reads.get('search=an')!.resolve());
      expect(result.current.search).toBe('an');

      // Typed on while a search waits for its rows: the earlier one never lands.
      act(() => result.current.setSearchInput('ann'));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      act(() => result.current.setSearchInput('anna'));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      await act(async () => reads.get('search=anna')!.resolve());
      expect(result.current.search).toBe('anna');
      await act(async () => reads.get('search=ann')!.resolve());
      expect(result.current.search).toBe('anna');

      // A page closed while its search waits for its rows: the search is not asked for.
      const store = { params: new URLSearchParams(), update: vi.fn(), isLeaving: () => false };
      const gone = renderHook(() => useListParams(['name'], store, prefetch));
      act(() => gone.result.current.setSearchInput('cy'));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      gone.unmount();
      await act(async () => reads.get('search=cy')!.resolve());
      expect(store.update).not.toHaveBeenCalled();

      // A read that takes long: the list asks anyway after a while, and shows it is loading.
      act(() => result.current.setSearchInput('ben'));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      expect(result.current.search).toBe('anna');
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_PREFETCH_WAIT_MS));
      expect(result.current.search).toBe('ben');
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a search waiting for its rows once a link to another page is followed', async () => {
    vi.useFakeTimers();
    try {
      const read = deferred();
      const other = deferred();
      let typeSearch = (_text: string) => {};
      function List() {
        const { setSearchInput, search } = useListParams(
          ['name'],
          useUrlParamStore(),
          () => read.promise,
        );
        typeSearch = setSearchInput;
        return <p>Searching {search || 'nothing'}</p>;
      }
      const router = createMemoryRouter(
        [
          { path: '/list', Component: List },
          // A page whose code takes a while: the list stays on screen meanwhile.
          {
            path: '/other',
            lazy: async () => (await other.promise, { Component: () => <p>Other</p> }),
          },
        ],
        { initialEntries: ['/list'] },
      );
      render(<RouterProvider router={router} />);

      act(() => typeSearch('ann'));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      act(() => void router.navigate('/other'));
      await act(async () => read.resolve());
      expect(router.state.navigation.location?.pathname).toBe('/other');
      await act(async () => other.resolve());
      expect(router.state.location.pathname).toBe('/other');
      expect(screen.getByText('Other')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
