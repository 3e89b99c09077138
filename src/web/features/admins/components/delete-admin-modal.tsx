import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { adminMessages } from '../../../../shared/messages';
import type { AdminRow } from '../../../../shared/schemas/admins';
import { FormAlert } from '../../../components/form-alert';
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
  const isDeleting = deleteAdmin.isPending;

  return (
    <Modal opened onClose={onClose} title="Delete Admin" centered>
      <Stack gap="md">
        {deleteAdmin.isError && (
          <FormAlert tone="error">
            {adminErrorMessage(deleteAdmin.error, adminMessages.deleteFailed)}
          </FormAlert>
        )}
        <Text>Are you sure you want to delete {admin.username}? This action cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={isDeleting}
            onClick={() => deleteAdmin.mutate(admin.id, { onSuccess: onDeleted })}
          >
            {isDeleting ? 'Deleting...' : 'Confirm Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
