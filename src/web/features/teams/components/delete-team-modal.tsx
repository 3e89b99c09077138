import { teamMessages } from '../../../../shared/messages';
import type { Team } from '../../../../shared/schemas/teams';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { isApiError } from '../../../lib/api-client';
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
  return (
    <ConfirmDeleteModal
      title="Delete Team"
      isDeleting={deleteTeam.isPending}
      isGone={isApiError(deleteTeam.error, 404)}
      errorMessage={
        deleteTeam.isError
          ? teamErrorMessage(deleteTeam.error, teamMessages.deleteFailed)
          : undefined
      }
      onConfirm={() => deleteTeam.mutate(team.id, { onSuccess: onDeleted })}
      onClose={onClose}
    >
      Are you sure you want to delete <strong>{team.name}</strong>? {teamMessages.deleteWarning}
    </ConfirmDeleteModal>
  );
}
