import { Button, Group, Stack } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { type FormEvent, useState } from 'react';
import { teamMessages } from '../../../../shared/messages';
import { FormAlert } from '../../../components/form-alert';
import { hasErrorCode, isApiError } from '../../../lib/api-client';
import { refusal } from '../../../lib/form-error';
import { FORM_CLOSE_DELAY_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import { useCreateTeam } from '../api/create-team';
import { teamErrorField } from '../error-messages';
import { useTeamForm } from '../hooks/use-team-form';
import { TeamFields } from './team-fields';

interface CreateTeamModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The Admins page's 'Create Team' modal: closes 1.5 s after 'Team created successfully'. */
export function CreateTeamModal({ opened, onClose }: CreateTeamModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Create Team" centered>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {opened && <CreateTeamModalForm onClose={onClose} />}
    </AppModal>
  );
}

/** Spec §8 'Admins': 23505 → 'Team name already exists', a refused input says why, else the fallback. */
function createTeamErrorMessage(error: unknown) {
  if (hasErrorCode(error, 'TEAM_NAME_TAKEN')) return teamMessages.nameTaken;
  if (isApiError(error, 400) && error.message) return error.message;
  return teamMessages.createFailed;
}

function CreateTeamModalForm({ onClose }: { onClose: () => void }) {
  const form = useTeamForm();
  const createTeam = useCreateTeam();
  const [isCreated, setIsCreated] = useState(false);
  const closeLater = useReplaceableTimeout();
  const isBusy = createTeam.isPending || isCreated;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const team = form.validate();
    if (!team) return;
    createTeam.mutate(team, {
      onSuccess: () => {
        setIsCreated(true);
        closeLater.start(onClose, FORM_CLOSE_DELAY_MS);
      },
      onError: (error) =>
        form.setFormError(refusal(createTeamErrorMessage(error), teamErrorField(error))),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {form.formError && <FormAlert tone="error">{form.formError.message}</FormAlert>}
        {isCreated && <FormAlert tone="success">{teamMessages.created}</FormAlert>}
        <TeamFields form={form} autoFocusName />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {createTeam.isPending ? 'Creating...' : 'Create Team'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
