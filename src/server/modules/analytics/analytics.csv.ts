import { NO_WRAP_UP_CODE } from '../../../shared/wrap-up';
import { formatZonedIso } from '../../../shared/analytics';
import { toCsv } from '../../../shared/csv';
import type { EmployeeAnalyticsCard } from '../../../shared/schemas/analytics';
import { statusLabel } from '../../../shared/statuses';
import type { TimelineRow } from './analytics.repository';

export const employeeListCsvHeader = [
  'Full Name',
  'Username',
  'Team',
  'Total Calls',
  'Answered',
  'Declined',
  'Not Answered',
  'Call Duration (s)',
  'Performance (%)',
  'Answer Rate (%)',
  'Average Handle Time (s)',
  'Average After-Call Work (s)',
  'Occupancy (%)',
  'Available (s)',
  'On Call (s)',
  'After Call Work (s)',
];

/** The employee cards, one row each, with the same numbers as the JSON. */
export function employeeListCsv(employees: EmployeeAnalyticsCard[]) {
  return toCsv(
    employeeListCsvHeader,
    employees.map(({ full_name, username, team, figures: f }) => [
      full_name,
      username,
      team?.name,
      f.totalCalls,
      f.answered,
      f.declined,
      f.missed,
      f.callDurationSeconds,
      f.performancePercent,
      f.answerRatePercent,
      f.averageHandleSeconds,
      f.averageAfterCallSeconds,
      f.occupancyPercent,
      f.availableSeconds,
      f.onCallSeconds,
      f.afterCallSeconds,
    ]),
  );
}

const outcomeLabels: Record<string, string> = {
  answered: 'Answered',
  declined: 'Declined',
  missed: 'Not Answered',
};

/**
 * One employee's calls and status intervals, by start, times in the call centre's zone.
 * 'Seconds' is a call's duration, or the part of an interval inside the range — the
 * numbers the detail's figures are sums of.
 */
export function employeeTimelineCsv(rows: TimelineRow[], timeZone: string) {
  return toCsv(
    [
      'Record',
      `Started (${timeZone})`,
      `Ended (${timeZone})`,
      'Seconds',
      'Status',
      'Call Type',
      'Call Status',
      'Phone Number',
      'Notes',
      'Wrap-up Code',
    ],
    rows.map((row) => [
      row.kind === 'call' ? 'Call' : 'Status',
      formatZonedIso(row.started_at, timeZone),
      row.ended_at ? formatZonedIso(row.ended_at, timeZone) : null,
      row.seconds,
      row.status === null ? null : statusLabel(row.status),
      row.call_type,
      row.call_status === null ? null : (outcomeLabels[row.call_status] ?? row.call_status),
      row.phone_number,
      row.notes,
      row.call_status === 'answered' ? (row.wrap_up_code ?? NO_WRAP_UP_CODE) : row.wrap_up_code,
    ]),
  );
}
