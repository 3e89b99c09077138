import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { type ChangeEvent, useState } from 'react';
import { describeAuditAction, describeAuditDetails } from '../../../../shared/audit';
import {
  type AuditEntry,
  type AuditFilter,
  auditFilterSchema,
} from '../../../../shared/schemas/audit';
import { FormAlert } from '../../../components/form-alert';
import { NetworkError, serverRefusalMessage } from '../../../lib/api-client';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import { auditCsvHref, useAuditLog } from '../api/get-audit-log';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';
import { ScrollableTable } from '../../../components/scrollable-table';

type FilterField = 'search' | 'from' | 'to';

interface FilterDraft {
  search: string;
  from: string;
  to: string;
}

/** The form's values as the shared schema reads them: an empty day is no day. */
function parseFilter(draft: FilterDraft) {
  return auditFilterSchema.safeParse({
    search: draft.search,
    from: draft.from || undefined,
    to: draft.to || undefined,
  });
}

function filterErrors(draft: FilterDraft): Partial<Record<FilterField, string>> {
  const parsed = parseFilter(draft);
  if (parsed.success) return {};
  const errors: Partial<Record<FilterField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'search' || field === 'from' || field === 'to') errors[field] ??= issue.message;
  }
  return errors;
}

const sameFilter = (a: AuditFilter, b: AuditFilter) =>
  (a.search ?? '') === (b.search ?? '') && a.from === b.from && a.to === b.to;

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
 * The super admins' Audit Log: every admin-side change — who, what, when, target,
 * from which address — newest first, searchable, by days of the call centre's zone, as CSV.
 */
export function AuditLogPage() {
  const [draft, setDraft] = useState<FilterDraft>({ search: '', from: '', to: '' });
  const [debouncedSearch] = useDebouncedValue(draft.search, SEARCH_DEBOUNCE_MS);
  const errors = filterErrors(draft);
  // The log follows the last filter the server would accept; a half-typed one waits.
  const [applied, setApplied] = useState<AuditFilter>({});
  const parsed = parseFilter({ ...draft, search: debouncedSearch });
  if (parsed.success && Object.keys(errors).length === 0 && !sameFilter(parsed.data, applied)) {
    setApplied(parsed.data);
  }
  const auditLog = useAuditLog(applied);
  const entries = auditLog.data?.pages.flatMap((page) => page.entries) ?? [];
  const timeZone = auditLog.data?.pages[0]?.timeZone;
  const isFiltered = Boolean(applied.search || applied.from || applied.to);

  const change = (field: FilterField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [field]: value }));
  };

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
          href={auditCsvHref(applied)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Search"
              maxLength={MAX_SEARCH_LENGTH}
              placeholder="User, target or action..."
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={draft.search}
              onChange={change('search')}
              error={errors.search}
              style={{ flex: 1, minWidth: 240 }}
            />
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              max={draft.to || undefined}
              onChange={change('from')}
              error={errors.from}
              w={170}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              min={draft.from || undefined}
              onChange={change('to')}
              error={errors.to}
              w={170}
            />
          </Group>
          {timeZone && (
            <Text size="sm" c="dimmed">
              Days and times are in the call centre&apos;s time zone ({timeZone}).
            </Text>
          )}

          {auditLog.isPending ? (
            <Text c="dimmed">Loading audit log...</Text>
          ) : auditLog.isError && entries.length === 0 ? (
            <FormAlert tone="error">{loadErrorMessage(auditLog.error)}</FormAlert>
          ) : entries.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {isFiltered ? 'No audit entries match these filters.' : 'No audit entries yet.'}
            </Text>
          ) : (
            <>
              <ScrollableTable label="Audit log" minWidth={720}>
                <Table verticalSpacing="sm" aria-label="Audit log" aria-busy={auditLog.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>User</Table.Th>
                      <Table.Th>Action</Table.Th>
                      <Table.Th>Target</Table.Th>
                      <Table.Th>Address</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entries.map((entry) => (
                      <AuditRow key={entry.id} entry={entry} timeZone={timeZone ?? 'UTC'} />
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollableTable>
              {auditLog.isError && (
                <FormAlert tone="error">{loadErrorMessage(auditLog.error)}</FormAlert>
              )}
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Showing {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
                  {auditLog.hasNextPage ? '' : ' (all)'}
                </Text>
                {auditLog.hasNextPage && (
                  <Button
                    variant="default"
                    onClick={() => void auditLog.fetchNextPage()}
                    loading={auditLog.isFetchingNextPage}
                  >
                    Load more
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
