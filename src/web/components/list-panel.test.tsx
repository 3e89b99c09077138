import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../shared/schemas/list';
import { useListParams, useLocalParamStore } from '../lib/use-list-params';
import { renderWithProviders } from '../test/render';
import { ListPanel } from './list-panel';

type Page = ListPage & { names: string[] };
const page: Page = { names: ['ana', 'ben'], total: 2, matching: 2, page: 1, pageSize: 50 };
const query = {
  data: page,
  isPending: false,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
} as UseQueryResult<Page>;

describe('ListPanel', () => {
  it('re-renders the search box as keys are typed, and the list once typing pauses', async () => {
    const rendered: string[] = [];
    function Names() {
      const list = useListParams(['name'], useLocalParamStore());
      return (
        <ListPanel
          list={list}
          query={query}
          rowsOf={(data) => data.names}
          texts={{
            searchLabel: 'Search names',
            searchPlaceholder: 'Name',
            loading: 'Loading...',
            loadFailed: () => 'Failed',
            noun: 'names',
            noSearchResults: 'None match',
            noneYet: 'None yet',
          }}
        >
          {(data) => {
            rendered.push(list.search);
            return <p>{data.names.join(', ')}</p>;
          }}
        </ListPanel>
      );
    }
    renderWithProviders(<Names />);
    expect(rendered).toEqual(['']);

    const box = screen.getByRole('searchbox', { name: 'Search names' });
    for (const text of ['a', 'an', 'ana']) fireEvent.change(box, { target: { value: text } });
    expect((box as HTMLInputElement).value).toBe('ana');
    expect(rendered).toEqual(['']);
    await waitFor(() => expect(rendered.at(-1)).toBe('ana'));
    expect(rendered).toEqual(['', 'ana']);
  });
});
