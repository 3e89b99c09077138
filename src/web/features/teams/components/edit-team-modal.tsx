import { Button, Group, Stack } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import type { FormEvent } from 'react';
import { teamMessages } from '../../../../shared/messages';
import type { Team } from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { refusal } from '../../../lib/form-error';
import { useUpdateTeam } from '../api/update-team';
import { teamErrorField, teamErrorMessage } from '../error-messages';
import { useTeamForm } from '../hooks/use-team-form';
import { TeamFields } from './team-fields';

interface EditTeamModalProps {
  team: Team;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit a team's name (required) and description (super admins only). */
export function EditTeamModal({ team, onClose, onSaved }: EditTeamModalProps) {
  const form = useTeamForm(team);
  const updateTeam = useUpdateTeam();
  const isSaving = updateTeam.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const changes = form.validate();
    if (!changes) return;
    updateTeam.mutate(
      { teamId: team.id, team: changes },
      {
        onSuccess: onSaved,
        onError: (error) =>
          form.setFormError(
            refusal(teamErrorMessage(error, teamMessages.updateFailed), teamErrorField(error)),
          ),
      },
    );
  }

  return (
    <AppModal opened onClose={onClose} title="Edit Team" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {form.formError && <FormAlert tone="error">{form.formError.message}</FormAlert>}
          <TeamFields form={form} autoFocusName />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
