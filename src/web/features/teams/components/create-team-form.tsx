import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { teamMessages } from '../../../../shared/messages';
import { FormAlert } from '../../../components/form-alert';
import { refusal } from '../../../lib/form-error';
import { useCreateTeam } from '../api/create-team';
import { teamErrorField, teamErrorMessage } from '../error-messages';
import { useTeamForm } from '../hooks/use-team-form';
import { TeamFields } from './team-fields';

interface CreateTeamFormProps {
  onCreated: () => void;
}

/** The Teams page's inline 'Create New Team' form (super admins only). */
export function CreateTeamForm({ onCreated }: CreateTeamFormProps) {
  const form = useTeamForm();
  const createTeam = useCreateTeam();
  const isCreating = createTeam.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCreating) return;
    const team = form.validate();
    if (!team) return;
    createTeam.mutate(team, {
      onSuccess: () => {
        form.reset();
        onCreated();
      },
      onError: (error) =>
        form.setFormError(
          refusal(teamErrorMessage(error, teamMessages.createFailed), teamErrorField(error)),
        ),
    });
  }

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="create-team-heading">
        <Stack gap="sm">
          <Title order={3} size="h4" id="create-team-heading">
            Create New Team
          </Title>
          {form.formError && <FormAlert tone="error">{form.formError.message}</FormAlert>}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            <TeamFields form={form} isCompact />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={isCreating}
            >
              {isCreating ? 'Creating...' : 'Create Team'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
