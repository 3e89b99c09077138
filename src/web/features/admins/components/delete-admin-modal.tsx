import { adminMessages } from '../../../../shared/messages';
import type { AdminRow } from '../../../../shared/schemas/admins';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { isApiError } from '../../../lib/api-client';
import { useDeleteAdmin } from '../api/delete-admin';
import { adminErrorMessage } from '../error-messages';

interface DeleteAdminModalProps {
  admin: AdminRow;
  onClose: () => void;
  onDeleted: () => void;
}

/** Spec §2 'Delete Admin': confirm or cancel; a refusal shows here, beside the choice. */
export function DeleteAdminModal({ admin, onClose, onDeleted }: DeleteAdminModalProps) {
  const deleteAdmin = useDeleteAdmin();
  return (
    <ConfirmDeleteModal
      title="Delete Admin"
      isDeleting={deleteAdmin.isPending}
      isGone={isApiError(deleteAdmin.error, 404)}
      errorMessage={
        deleteAdmin.isError
          ? adminErrorMessage(deleteAdmin.error, adminMessages.deleteFailed)
          : undefined
      }
      onConfirm={() => deleteAdmin.mutate(admin.id, { onSuccess: onDeleted })}
      onClose={onClose}
    >
      Are you sure you want to delete {admin.username}? This action cannot be undone.
    </ConfirmDeleteModal>
  );
}
