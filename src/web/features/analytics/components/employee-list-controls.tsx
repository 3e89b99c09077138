import {
  ActionIcon,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId } from 'react';
import {
  type EmployeeAnalyticsSortColumn,
  employeeAnalyticsSortColumns,
} from '../../../../shared/schemas/analytics';
import {
  type CardsView,
  type EmployeeCardsParams,
  cardsViews,
} from '../hooks/use-employee-cards-params';

/** The sort keys' names in the select; the table's headers use the cards' own labels. */
const sortLabels: Record<EmployeeAnalyticsSortColumn, string> = {
  name: 'Name',
  totalCalls: 'Total calls',
  answerRate: 'Answer rate',
  handleTime: 'Handle time',
  afterCallWork: 'After-call work',
  flags: 'Flags',
};

/** The option of the default order (by username): no `sort` in the URL. */
const DEFAULT_ORDER = '';

const viewLabels: Record<CardsView, string> = { cards: 'Cards', table: 'Table' };

const isSortColumn = (value: string): value is EmployeeAnalyticsSortColumn =>
  (employeeAnalyticsSortColumns as readonly string[]).includes(value);

/**
 * Beside the employee search: the order (a key and a direction), the flagged filter and the
 * view (cards, or a compact table for hundreds of agents).
 */
export function EmployeeListControls({ params }: { params: EmployeeCardsParams }) {
  const viewLabelId = useId();
  const { sort } = params;
  const isDescending = sort?.descending ?? false;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group gap={4} align="flex-end" wrap="nowrap">
        <NativeSelect
          label="Sort by"
          data={[
            { value: DEFAULT_ORDER, label: 'Username' },
            ...employeeAnalyticsSortColumns.map((column) => ({
              value: column,
              label: sortLabels[column],
            })),
          ]}
          value={sort?.column ?? DEFAULT_ORDER}
          onChange={(event) => {
            const column = event.currentTarget.value;
            params.setSort(isSortColumn(column) ? { column, descending: isDescending } : undefined);
          }}
        />
        {/* A toggle: pressed is descending. The default order (by username) has no other way. */}
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label="Descending"
          aria-pressed={isDescending}
          title={isDescending ? 'Descending order' : 'Ascending order'}
          disabled={!sort}
          onClick={() => sort && params.setSort({ ...sort, descending: !sort.descending })}
        >
          {isDescending ? (
            <IconSortDescending size={18} aria-hidden />
          ) : (
            <IconSortAscending size={18} aria-hidden />
          )}
        </ActionIcon>
      </Group>
      <Switch
        label="Flagged only"
        checked={params.isFlaggedOnly}
        onChange={(event) => params.setFlaggedOnly(event.currentTarget.checked)}
        mb={8}
      />
      <Stack gap={4}>
        <Text component="span" id={viewLabelId} size="sm" fw={500}>
          View
        </Text>
        <SegmentedControl
          aria-labelledby={viewLabelId}
          data={cardsViews.map((view) => ({ value: view, label: viewLabels[view] }))}
          value={params.view}
          onChange={(value) => params.setView(value === 'table' ? 'table' : 'cards')}
        />
      </Stack>
    </Group>
  );
}
