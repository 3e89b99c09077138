import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { describeAuditAction, describeAuditDetails } from '../../../../shared/audit';
import {
  type AuditEntry,
  type AuditSortColumn,
  auditFilterSchema,
  auditSortColumns,
} from '../../../../shared/schemas/audit';
import { ListPanel, SortableTh } from '../../../components/list-panel';
import { ScrollableTable } from '../../../components/scrollable-table';
import { NetworkError, serverRefusalMessage } from '../../../lib/api-client';
import { type ListParams, useListParams, useUrlParamStore } from '../../../lib/use-list-params';
import { auditCsvHref, auditLogQuery, useAuditLog } from '../api/get-audit-log';

type DayField = 'from' | 'to';
type Days = Record<DayField, string>;

/** What the shared schema says of the days as typed: an empty day is no day. */
function dayErrors(days: Days): Partial<Days> {
  const parsed = auditFilterSchema.safeParse({
    from: days.from || undefined,
    to: days.to || undefined,
  });
  if (parsed.success) return {};
  const errors: Partial<Days> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'from' || field === 'to') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The days the log is filtered by, kept in the URL (`from`, `to`) beside the list's search,
 * sort and page. A pair the server would refuse (a start after the end) stays in the fields
 * with the error, and is not asked for.
 */
function useDayFilter(store: ReturnType<typeof useUrlParamStore>) {
  const applied: Days = { from: store.params.get('from') ?? '', to: store.params.get('to') ?? '' };
  const [draft, setDraft] = useState(applied);
  // Days the URL got from elsewhere (back, forward, a link) show in the fields.
  const [shown, setShown] = useState(applied);
  if (shown.from !== applied.from || shown.to !== applied.to) {
    setShown(applied);
    setDraft(applied);
  }
  const change = (field: DayField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...draft, [field]: event.currentTarget.value };
    setDraft(next);
    if (Object.keys(dayErrors(next)).length === 0) {
      store.update({ from: next.from || null, to: next.to || null, page: null }, true);
    }
  };
  return { applied, draft, errors: dayErrors(draft), change };
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** 'Nov 21, 2026, 1:05:09 PM EST': the moment in the call centre's zone. */
function formatInZone(isoDateTime: string, timeZone: string) {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(isoDateTime));
}

const targetTypeLabels: Record<string, string> = {
  user: 'User',
  team: 'Team',
  session: 'Session',
};

function loadErrorMessage(error: unknown) {
  if (error instanceof NetworkError) return 'The server could not be reached. Try again.';
  return serverRefusalMessage(error) ?? 'Could not load the audit log.';
}

function AuditRow({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const details = describeAuditDetails(entry.details);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" component="time" dateTime={entry.created_at}>
          {formatInZone(entry.created_at, timeZone)}
        </Text>
      </Table.Td>
      <Table.Td>
        {entry.actor_name ?? (
          <Text span c="dimmed" size="sm">
            Not signed in
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{describeAuditAction(entry.action, entry.details)}</Text>
        {details && (
          <Text size="xs" c="dimmed">
            {details}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.target_name ?? '—'}</Text>
        {entry.target_type && (
          <Text size="xs" c="dimmed">
            {targetTypeLabels[entry.target_type] ?? entry.target_type}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {entry.ip ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The super admins' Audit Log: every admin-side change — who, what, when, target, from which
 * address — a page at a time, newest first unless sorted, searchable, by days of the call
 * centre's zone, as CSV.
 */
export function AuditLogPage() {
  const store = useUrlParamStore();
  const days = useDayFilter(store);
  const withDays = (listQuery: string) => {
    const query = new URLSearchParams(listQuery);
    if (days.applied.from) query.set('from', days.applied.from);
    if (days.applied.to) query.set('to', days.applied.to);
    return query.toString();
  };
  const queryClient = useQueryClient();
  const list = useListParams(auditSortColumns, store, (queryString) =>
    queryClient.prefetchQuery(auditLogQuery(withDays(queryString))),
  );
  const auditLog = useAuditLog(withDays(list.queryString));
  const timeZone = auditLog.data?.timeZone;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={2}>Audit Log</Title>
          <Text c="dimmed">
            Every admin-side change: who made it, when, to what, and from which address
          </Text>
        </div>
        <Button
          component="a"
          href={auditCsvHref({ search: list.search, ...days.applied })}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>

      {timeZone && (
        <Text size="sm" c="dimmed">
          Days and times are in the call centre&apos;s time zone ({timeZone}).
        </Text>
      )}

      <ListPanel
        list={list}
        query={auditLog}
        rowsOf={(page) => page.entries}
        isFiltered={Boolean(days.applied.from || days.applied.to)}
        texts={{
          searchLabel: 'Search',
          searchPlaceholder: 'User, target or action...',
          loading: 'Loading audit log...',
          loadFailed: loadErrorMessage,
          noun: 'entries',
          noSearchResults: 'No audit entries match these filters.',
          noneYet: 'No audit entries yet.',
        }}
        controls={
          <>
            <TextInput
              type="date"
              label="From"
              value={days.draft.from}
              max={days.draft.to || undefined}
              onChange={days.change('from')}
              error={days.errors.from}
              w={170}
            />
            <TextInput
              type="date"
              label="To"
              value={days.draft.to}
              min={days.draft.from || undefined}
              onChange={days.change('to')}
              error={days.errors.to}
              w={170}
            />
          </>
        }
      >
        {(page) => <AuditTable entries={page.entries} timeZone={page.timeZone} list={list} />}
      </ListPanel>
    </Stack>
  );
}

function AuditTable({
  entries,
  timeZone,
  list,
}: {
  entries: readonly AuditEntry[];
  timeZone: string;
  list: Pick<ListParams<AuditSortColumn>, 'sort' | 'toggleSort'>;
}) {
  return (
    <ScrollableTable label="Audit log" minWidth={720}>
      <Table verticalSpacing="sm" aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <SortableTh list={list} column="when">
              Time
            </SortableTh>
            <SortableTh list={list} column="actor">
              User
            </SortableTh>
            <SortableTh list={list} column="action">
              Action
            </SortableTh>
            <SortableTh list={list} column="target">
              Target
            </SortableTh>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
