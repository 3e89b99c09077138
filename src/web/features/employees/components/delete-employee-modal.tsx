import { employeeMessages } from '../../../../shared/messages';
import type { EmployeeRow } from '../../../../shared/schemas/employees';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { isApiError } from '../../../lib/api-client';
import { useDeleteEmployee } from '../api/delete-employee';
import { employeeErrorMessage } from '../error-messages';

interface DeleteEmployeeModalProps {
  employee: EmployeeRow;
  onClose: () => void;
  onDeleted: () => void;
}

/** What deleting an employee takes with it (DESIGN.md: one transaction, nothing half-deleted). */
export const EMPLOYEE_DELETE_WARNING =
  'Their calls, status history, sessions and team membership are erased too. This action cannot be undone.';

/** Spec §2 'Delete Employee': confirm or cancel; a failure shows here, beside the choice. */
export function DeleteEmployeeModal({ employee, onClose, onDeleted }: DeleteEmployeeModalProps) {
  const deleteEmployee = useDeleteEmployee();
  return (
    <ConfirmDeleteModal
      title="Delete Employee"
      isDeleting={deleteEmployee.isPending}
      isGone={isApiError(deleteEmployee.error, 404)}
      errorMessage={
        deleteEmployee.isError
          ? employeeErrorMessage(deleteEmployee.error, employeeMessages.deleteFailed)
          : undefined
      }
      onConfirm={() => deleteEmployee.mutate(employee.id, { onSuccess: onDeleted })}
      onClose={onClose}
    >
      Are you sure you want to delete <strong>{employee.username}</strong>?{' '}
      {EMPLOYEE_DELETE_WARNING}
    </ConfirmDeleteModal>
  );
}
