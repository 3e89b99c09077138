import { ScrollableTable } from '../../../components/scrollable-table';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type {
  EmployeeAnalyticsCard,
  EmployeeAnalyticsSortColumn,
} from '../../../../shared/schemas/analytics';
import { statusLabel } from '../../../../shared/statuses';
import { formatDuration } from '../../../../shared/time-format';
import { SortableTh } from '../../../components/list-panel';
import type { ListParams } from '../../../lib/use-list-params';
import { analyticsMessages } from '../messages';
import classes from './analytics.module.css';
import { formatPercent, formatSeconds } from './format';
import { formatCount } from '../../../lib/format-number';

/**
 * The employee cards as a compact table, a row per agent, for floors of hundreds: the card's
 * figures in columns, the sort keys' headers sorting the list.
 */
export function EmployeeFiguresTable({
  employees,
  list,
  employeeHref,
}: {
  employees: EmployeeAnalyticsCard[];
  list: Pick<ListParams<EmployeeAnalyticsSortColumn>, 'sort' | 'toggleSort'>;
  employeeHref: (employeeId: string) => string;
}) {
  return (
    <ScrollableTable label="Employee figures" minWidth={1100}>
      <Table
        verticalSpacing={6}
        striped
        highlightOnHover
        aria-label="Employee figures"
        className={classes.figuresTable}
      >
        <Table.Thead>
          <Table.Tr>
            <SortableTh list={list} column="name">
              Employee
            </SortableTh>
            <Table.Th>Team</Table.Th>
            <SortableTh list={list} column="totalCalls">
              Total Calls
            </SortableTh>
            <Table.Th>Answered</Table.Th>
            <Table.Th>Declined</Table.Th>
            <Table.Th>{analyticsMessages.notAnswered}</Table.Th>
            <Table.Th>Call Duration</Table.Th>
            <SortableTh list={list} column="answerRate">
              Answer rate
            </SortableTh>
            <SortableTh list={list} column="handleTime">
              Avg handle time
            </SortableTh>
            <SortableTh list={list} column="afterCallWork">
              Avg after-call work
            </SortableTh>
            <SortableTh list={list} column="flags">
              Flags
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee) => {
            const { figures } = employee;
            return (
              <Table.Tr key={employee.id}>
                <Table.Th scope="row" fw="inherit">
                  <Anchor component={Link} to={employeeHref(employee.id)} fw={600}>
                    {employee.full_name ?? employee.username}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    @{employee.username}
                  </Text>
                </Table.Th>
                <Table.Td>{employee.team?.name ?? analyticsMessages.noTeam}</Table.Td>
                <Table.Td>{formatCount(figures.totalCalls)}</Table.Td>
                <Table.Td>{formatCount(figures.answered)}</Table.Td>
                <Table.Td>{formatCount(figures.declined)}</Table.Td>
                <Table.Td>{formatCount(figures.missed)}</Table.Td>
                <Table.Td>{formatDuration(figures.callDurationSeconds)}</Table.Td>
                <Table.Td>{formatPercent(figures.answerRatePercent)}</Table.Td>
                <Table.Td>{formatSeconds(figures.averageHandleSeconds)}</Table.Td>
                <Table.Td>{formatSeconds(figures.averageAfterCallSeconds)}</Table.Td>
                <Table.Td>
                  <FlagsCell statuses={employee.flaggedStatuses} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

/** How many statuses are flagged, and which (in words: the colour is not the only sign). */
function FlagsCell({ statuses }: { statuses: string[] }) {
  if (statuses.length === 0) return <>0</>;
  return (
    <Text size="sm" className={`${classes.flagNote} ${classes.flagList}`}>
      <strong>{statuses.length}</strong>: {statuses.map(statusLabel).join(', ')}
    </Text>
  );
}
