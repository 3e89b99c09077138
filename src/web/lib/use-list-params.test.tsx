import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParamStore } from './use-list-params';

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
