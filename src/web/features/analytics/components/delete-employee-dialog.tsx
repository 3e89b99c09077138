import { Button, Group, List, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import type { EmployeeAnalyticsDetail } from '../../../../shared/schemas/analytics';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useDeleteEmployee } from '../api/delete-employee';
import { analyticsMessages } from '../messages';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Spec §8 'Analytics delete': the server refused or failed → 'Failed to delete employee';
 * anything else (no answer, an unreadable one) → 'An unexpected error occurred'.
 */
export function deleteErrorMessage(error: unknown) {
  return error instanceof ApiError ? analyticsMessages.deleteFailed : analyticsMessages.unexpected;
}

interface DeleteEmployeeDialogProps {
  detail: EmployeeAnalyticsDetail;
  onClose: () => void;
  /** Called once the employee is gone, before the views that counted them are refreshed. */
  onDeleted: () => void;
}

/**
 * Spec §2: the Delete button's confirmation lists what will be erased — all of the
 * employee's records, whatever the range on screen — then erases it in one transaction.
 */
export function DeleteEmployeeDialog({ detail, onClose, onDeleted }: DeleteEmployeeDialogProps) {
  const deleteEmployee = useDeleteEmployee(onDeleted);
  const { employee, records } = detail;
  return (
    <AppModal opened onClose={onClose} title="Delete Employee" centered>
      <Stack gap="md">
        {deleteEmployee.isError && (
          <FormAlert tone="error">{deleteErrorMessage(deleteEmployee.error)}</FormAlert>
        )}
        <Text>
          Are you sure you want to delete <strong>{employee.username}</strong>? This erases:
        </Text>
        <List size="sm" spacing={4} aria-label="What will be erased">
          <List.Item>
            their account and profile{employee.full_name ? ` (${employee.full_name})` : ''}
          </List.Item>
          {employee.team && <List.Item>their membership of {employee.team.name}</List.Item>}
          <List.Item>{count(records.calls, 'call', 'calls')}</List.Item>
          <List.Item>
            {count(records.statusIntervals, 'status time entry', 'status time entries')}
          </List.Item>
          <List.Item>{count(records.sessions, 'daily session', 'daily sessions')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          All of them, not only this date range. This action cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={deleteEmployee.isPending}
            onClick={() => deleteEmployee.mutate(employee.id)}
          >
            {deleteEmployee.isPending ? 'Deleting...' : 'Confirm Delete'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
