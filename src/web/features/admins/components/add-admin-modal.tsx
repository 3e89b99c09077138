import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminMessages, validationMessages } from '../../../../shared/messages';
import { newAdminSchema } from '../../../../shared/schemas/admins';
import { NewPasswordFields, UsernameInput } from '../../../components/credential-inputs';
import { SecurityQuestionFields } from '../../../components/security-question-fields';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { adminPaths } from '../../../lib/admin-paths';
import { type FormError, firstIssue, refusal } from '../../../lib/form-error';
import { FORM_CLOSE_DELAY_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import { useTeams } from '../../teams';
import { useCreateAdmin } from '../api/create-admin';
import { adminErrorField, adminErrorMessage } from '../error-messages';

interface AddAdminModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Spec §2 'Add New Admin': closes 1.5 s after 'Admin added successfully'. */
export function AddAdminModal({ opened, onClose }: AddAdminModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Add New Admin" centered>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {opened && <AddAdminForm onClose={onClose} />}
    </AppModal>
  );
}

function AddAdminForm({ onClose }: { onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [securityQuestion, setSecurityQuestion] = useState<string | null>(null);
  const [securityAnswer, setSecurityAnswer] = useState('');
  const [teamId, setTeamId] = useState<string | null>(null);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [isAdded, setIsAdded] = useState(false);
  const teams = useTeams();
  const createAdmin = useCreateAdmin();
  const closeLater = useReplaceableTimeout();
  const isBusy = createAdmin.isPending || isAdded;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setFormError(null);
    const admin = newAdminSchema.safeParse({
      username,
      password,
      confirmPassword,
      securityQuestion: securityQuestion ?? undefined,
      securityAnswer,
      teamId,
    });
    if (!admin.success) {
      setFormError(firstIssue(admin.error, validationMessages.allFieldsRequired));
      return;
    }
    createAdmin.mutate(admin.data, {
      onSuccess: () => {
        setIsAdded(true);
        closeLater.start(onClose, FORM_CLOSE_DELAY_MS);
      },
      onError: (error) =>
        setFormError(
          refusal(adminErrorMessage(error, adminMessages.addFailed), adminErrorField(error)),
        ),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {formError && <FormAlert tone="error">{formError.message}</FormAlert>}
        {isAdded && <FormAlert tone="success">{adminMessages.added}</FormAlert>}
        <UsernameInput
          label="Username"
          data-autofocus
          error={fieldError(formError, 'username')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <NewPasswordFields
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
          formError={formError}
          withHint
        />
        <SecurityQuestionFields
          question={securityQuestion}
          answer={securityAnswer}
          onQuestionChange={setSecurityQuestion}
          onAnswerChange={setSecurityAnswer}
          formError={formError}
        />
        <Select
          label="Team"
          description={
            <>
              Optional.{' '}
              <Anchor component={Link} to={adminPaths.teams} size="xs">
                See all teams
              </Anchor>
            </>
          }
          placeholder={teams.isError ? 'Teams could not be loaded' : 'No team'}
          data={teams.data?.teams.map((team) => ({ value: team.id, label: team.name })) ?? []}
          error={fieldError(formError, 'teamId')}
          value={teamId}
          onChange={setTeamId}
          clearable
          searchable
          nothingFoundMessage="No teams yet"
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {createAdmin.isPending ? 'Adding...' : 'Add Admin'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
