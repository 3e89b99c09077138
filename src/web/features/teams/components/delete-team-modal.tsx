import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { teamMessages } from '../../../../shared/messages';
import type { Team } from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { useDeleteTeam } from '../api/delete-team';
import { teamErrorMessage } from '../error-messages';

interface DeleteTeamModalProps {
  team: Team;
  onClose: () => void;
  onDeleted: () => void;
}

/** Confirms deleting a team; its members stay as users, without a team. */
export function DeleteTeamModal({ team, onClose, onDeleted }: DeleteTeamModalProps) {
  const deleteTeam = useDeleteTeam();
  const isDeleting = deleteTeam.isPending;

  return (
    <Modal opened onClose={onClose} title="Delete Team" centered>
      <Stack gap="md">
        {deleteTeam.isError && (
          <FormAlert tone="error">
            {teamErrorMessage(deleteTeam.error, teamMessages.deleteFailed)}
          </FormAlert>
        )}
        <Text>
          Are you sure you want to delete <strong>{team.name}</strong>? {teamMessages.deleteWarning}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={isDeleting}
            onClick={() => deleteTeam.mutate(team.id, { onSuccess: onDeleted })}
          >
            {isDeleting ? 'Deleting...' : 'Confirm Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
