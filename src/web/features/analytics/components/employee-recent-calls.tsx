import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { CallLogTable } from '../../agent-dashboard';
import { employeeCallPath, useEmployeeCalls } from '../api/get-employee-calls';

/**
 * The employee's latest calls as their Activity Log shows them, whatever the range: a call's
 * number opens its notes, wrap-up code and transcript.
 */
export function EmployeeRecentCalls({ employeeId }: { employeeId: string }) {
  const titleId = useId();
  const calls = useEmployeeCalls(employeeId);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Title order={4} id={titleId} mb="sm">
        Recent calls
      </Title>
      {calls.isError ? (
        <Text c="dimmed" size="sm" role="alert">
          The calls could not be loaded.
        </Text>
      ) : (
        <CallLogTable
          label="Recent calls"
          labelledBy={titleId}
          calls={calls.data?.calls}
          isPending={calls.isPending}
          detailsPathOf={(callId) => employeeCallPath(employeeId, callId)}
          agentLabel="Agent"
        />
      )}
    </Paper>
  );
}
