import {
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MAX_SEARCH_LENGTH } from '../../shared/schemas/field-rules';
import { type ListPage, PAGE_SIZES, type PageSize } from '../../shared/schemas/list';
import { type ListParams, useSearchText } from '../lib/use-list-params';
import { FormAlert } from './form-alert';
import { formatCount } from '../lib/format-number';

export interface ListTexts {
  /** The search box's name and placeholder. */
  searchLabel: string;
  searchPlaceholder: string;
  loading: string;
  loadFailed: (error: unknown) => string;
  /** What the list holds, plural: the footer says 'Showing X of Y {noun}'. */
  noun: string;
  /** Shown when no row matches a search, and when there are none at all. */
  noSearchResults: ReactNode;
  noneYet: ReactNode;
}

/** What the panel reads and changes of a list's parameters (the headers change the sort). */
type PanelParams = Pick<
  ListParams<string>,
  'searchText' | 'setSearchInput' | 'search' | 'setPage' | 'setPageSize'
>;

interface ListPanelProps<Page extends ListPage> {
  list: PanelParams;
  query: UseQueryResult<Page>;
  /** The rows of a page (the table's rows). */
  rowsOf: (page: Page) => readonly unknown[];
  texts: ListTexts;
  /** The table (or cards) of a page with rows. */
  children: (page: Page) => ReactNode;
  /** Beside the search box (filters, a view switch). */
  controls?: ReactNode;
  /** Whether those filters narrow the list now: a page without rows then says none match. */
  isFiltered?: boolean;
  /** Without a frame: a list inside a dialog. */
  bare?: boolean;
}

/**
 * A list's search box. It alone re-renders as keys are typed: the list follows once typing
 * pauses.
 */
export function ListSearchInput({
  params,
  ...props
}: { params: Pick<ListParams<string>, 'searchText' | 'setSearchInput'> } & Omit<
  TextInputProps,
  'value' | 'onChange'
>) {
  const text = useSearchText(params.searchText);
  return (
    <TextInput
      maxLength={MAX_SEARCH_LENGTH}
      leftSection={<IconSearch size={16} aria-hidden />}
      {...props}
      value={text}
      onChange={(event) => params.setSearchInput(event.currentTarget.value)}
    />
  );
}

/**
 * A list the server pages, sorts and searches: the search box, the loading, failure and empty
 * texts, the rows, then the footer ('Showing X of Y …' where X is what the search matches and
 * Y all in scope, this page's range) and the pager. While a new page loads the last one stays
 * on screen, marked busy.
 */
export function ListPanel<Page extends ListPage>({
  list,
  query,
  rowsOf,
  texts,
  children,
  controls,
  isFiltered = false,
  bare = false,
}: ListPanelProps<Page>) {
  const page = query.data;
  const content = (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchInput
          params={list}
          aria-label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
          type="search"
          style={{ flex: '1 1 16rem' }}
        />
        {controls}
      </Group>
      <div aria-busy={query.isFetching && query.isPlaceholderData ? true : undefined}>
        {query.isPending ? (
          <Text c="dimmed">{texts.loading}</Text>
        ) : query.isError ? (
          <FormAlert tone="error">{texts.loadFailed(query.error)}</FormAlert>
        ) : rowsOf(query.data).length === 0 ? (
          <EmptyText text={list.search || isFiltered ? texts.noSearchResults : texts.noneYet} />
        ) : (
          children(query.data)
        )}
      </div>
      {/* The count stays under a search that matches nobody: 'Showing 0 of 12 …'. */}
      {page && page.total > 0 && (
        <ListFooter list={list} page={page} rows={rowsOf(page).length} noun={texts.noun} />
      )}
    </Stack>
  );
  return bare ? (
    content
  ) : (
    <Paper withBorder radius="md" p="md">
      {content}
    </Paper>
  );
}

function EmptyText({ text }: { text: ReactNode }) {
  return typeof text === 'string' ? (
    <Text c="dimmed" ta="center" py="xl">
      {text}
    </Text>
  ) : (
    text
  );
}

/**
 * 'Showing X of Y …' with this page's range, the pager and the page size: the footer of a
 * list whose page lays out its own search and rows (the live floor).
 */
export function ListFooter({
  list,
  page,
  rows,
  noun,
}: {
  list: Pick<PanelParams, 'setPage' | 'setPageSize'>;
  page: ListPage;
  rows: number;
  noun: string;
}) {
  const first = (page.page - 1) * page.pageSize + 1;
  const pages = Math.max(1, Math.ceil(page.matching / page.pageSize));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Showing {formatCount(page.matching)} of {formatCount(page.total)} {noun}
        </Text>
        {rows > 0 && (
          <Text size="sm" c="dimmed">
            ({formatCount(first)}–{formatCount(first + rows - 1)})
          </Text>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        {pages > 1 && (
          <nav aria-label={`Pages of ${noun}`}>
            <Pagination
              size="sm"
              total={pages}
              value={page.page}
              onChange={list.setPage}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
              })}
            />
          </nav>
        )}
        <NativeSelect
          size="xs"
          label="Rows per page"
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { fontWeight: 400 },
          }}
          data={PAGE_SIZES.map(String)}
          value={String(page.pageSize)}
          onChange={(event) => list.setPageSize(Number(event.currentTarget.value) as PageSize)}
        />
      </Group>
    </Group>
  );
}

interface SortableThProps<Column extends string> {
  list: Pick<ListParams<Column>, 'sort' | 'toggleSort'>;
  column: Column;
  children: ReactNode;
}

/**
 * A column header that sorts the list: a button (a second press reverses), with `aria-sort`
 * on the column the list is sorted by.
 */
export function SortableTh<Column extends string>({
  list,
  column,
  children,
}: SortableThProps<Column>) {
  const sorted = list.sort?.column === column ? list.sort : undefined;
  const Icon = !sorted
    ? IconArrowsSort
    : sorted.descending
      ? IconSortDescending
      : IconSortAscending;
  return (
    <Table.Th aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton
        onClick={() => list.toggleSort(column)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {children}
        <Icon size={14} aria-hidden style={{ opacity: sorted ? 1 : 0.4 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
