import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FLAG_AFTER_CALL_AVERAGE_SECONDS, FLAG_TOTAL_SECONDS } from '../../../../shared/analytics';
import type { StatusTimeRow } from '../../../../shared/schemas/analytics';
import { formatDuration } from '../../../../shared/time-format';
import { analyticsMessages } from '../messages';
import classes from './analytics.module.css';

/** Why a row is red, in words: colour is never the only sign (WCAG 1.4.1). */
export const FLAG_EXPLANATION =
  `Flagged: Break, Lunch or Personal Time over ${FLAG_TOTAL_SECONDS / 60} minutes in total, ` +
  `or After Call Work over ${FLAG_AFTER_CALL_AVERAGE_SECONDS} seconds a session on average.`;

/** The label with a warning icon that never wraps away from its last word, and the word. */
function FlaggedLabel({ label }: { label: string }) {
  const words = label.split(' ');
  const lastWord = words.pop();
  return (
    <>
      {words.length > 0 && `${words.join(' ')} `}
      <span className={classes.keepTogether}>
        {lastWord} <IconAlertTriangle size={16} aria-hidden className={classes.flagIcon} />
      </span>
      <VisuallyHidden>(Flagged)</VisuallyHidden>
    </>
  );
}

/**
 * Spec §2 'Status Time Tracking': time per status in the range (intervals without a duration
 * are left out by the server), flagged rows highlighted red (spec §5) and marked with an icon
 * and the word 'Flagged' for screen readers.
 */
export function StatusTimeTable({
  rows,
  labelledBy,
}: {
  rows: StatusTimeRow[];
  labelledBy: string;
}) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {analyticsMessages.noStatusData}
      </Text>
    );
  }
  const hasFlaggedRow = rows.some((row) => row.flagged);
  return (
    <>
      <div className={classes.tableScroll}>
        <Table aria-labelledby={labelledBy} verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.columnHeader}>
                Status
              </Table.Th>
              <Table.Th scope="col" className={classes.columnHeader}>
                Total Time
              </Table.Th>
              <Table.Th scope="col" className={classes.columnHeader}>
                Sessions
              </Table.Th>
              <Table.Th scope="col" className={classes.columnHeader}>
                Avg per Session
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.status}
                className={row.flagged ? classes.flaggedRow : undefined}
                data-flagged={row.flagged || undefined}
              >
                <Table.Th scope="row" fw="inherit">
                  {row.flagged ? <FlaggedLabel label={row.label} /> : row.label}
                </Table.Th>
                <Table.Td>{formatDuration(row.totalSeconds)}</Table.Td>
                <Table.Td>{row.sessions}</Table.Td>
                <Table.Td>{formatDuration(Math.round(row.averageSeconds))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {hasFlaggedRow && (
        <Group gap={6} mt="xs" wrap="nowrap" className={classes.flagNote}>
          <IconAlertTriangle size={16} aria-hidden style={{ flex: 'none' }} />
          <Text size="xs">{FLAG_EXPLANATION}</Text>
        </Group>
      )}
    </>
  );
}
