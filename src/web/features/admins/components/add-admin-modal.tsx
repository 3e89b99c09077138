import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminMessages, validationMessages } from '../../../../shared/messages';
import { newAdminSchema } from '../../../../shared/schemas/admins';
import { NewPasswordFields, UsernameInput } from '../../../components/credential-inputs';
import { SecurityQuestionFields } from '../../../components/security-question-fields';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { adminPaths } from '../../../lib/admin-paths';
import { useSession } from '../../../lib/session';
import { firstIssue, refusal, useFormError } from '../../../lib/form-error';
import { FORM_CLOSE_DELAY_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import { useTeams } from '../../teams';
import { useCreateAdmin } from '../api/create-admin';
import { adminErrorField, adminErrorMessage } from '../error-messages';

interface AddAdminModalProps {
  opened: boolean;
  onClose: () => void;
}

interface AdminDraft {
  username: string;
  password: string;
  confirmPassword: string;
  securityQuestion: string | null;
  securityAnswer: string;
  teamId: string | null;
}

const emptyDraft: AdminDraft = {
  username: '',
  password: '',
  confirmPassword: '',
  securityQuestion: null,
  securityAnswer: '',
  teamId: null,
};

/**
 * What was typed when 'See all teams' was followed (spec §2: it goes to the teams page), and
 * by whom. The Admins page opens the form again with it on the way back, so looking at the
 * teams loses nothing. In memory only, never stored, taken once, and only by the same user.
 */
let draftLeftForTeams: { userId: string; draft: AdminDraft } | null = null;

/** Whether `userId` left a form for the teams page that waits to be picked up again. */
export const hasAdminDraft = (userId: string | undefined) =>
  draftLeftForTeams !== null && draftLeftForTeams.userId === userId;

function takeDraft(userId: string | undefined): AdminDraft {
  const left = draftLeftForTeams;
  draftLeftForTeams = null;
  return left && left.userId === userId ? left.draft : emptyDraft;
}

/** Spec §2 'Add New Admin': closes 1.5 s after 'Admin added successfully'. */
export function AddAdminModal({ opened, onClose }: AddAdminModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Add New Admin" centered>
      {/* Mounted only while open: every opening starts empty, or from a draft left for teams. */}
      {opened && <AddAdminForm onClose={onClose} />}
    </AppModal>
  );
}

function AddAdminForm({ onClose }: { onClose: () => void }) {
  const { data: user } = useSession();
  const [fields, setFields] = useState(() => takeDraft(user?.id));
  const { username, password, confirmPassword, securityQuestion, securityAnswer, teamId } = fields;
  const setField =
    <Key extends keyof AdminDraft>(key: Key) =>
    (value: AdminDraft[Key]) =>
      setFields((held) => ({ ...held, [key]: value }));
  const [formError, setFormError] = useFormError(fields);
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
      ...fields,
      securityQuestion: securityQuestion ?? undefined,
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

  // A new tab or window (a modifier or the middle button) leaves this form open: nothing kept.
  function keepDraftForTeams(event: MouseEvent) {
    const isNewTab =
      event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (user && !isNewTab) draftLeftForTeams = { userId: user.id, draft: fields };
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
          onChange={(event) => setField('username')(event.currentTarget.value)}
        />
        <NewPasswordFields
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setField('password')}
          onConfirmPasswordChange={setField('confirmPassword')}
          formError={formError}
          withHint
        />
        <SecurityQuestionFields
          question={securityQuestion}
          answer={securityAnswer}
          onQuestionChange={setField('securityQuestion')}
          onAnswerChange={setField('securityAnswer')}
          formError={formError}
        />
        <Select
          label="Team"
          description={
            <>
              Optional.{' '}
              <Anchor component={Link} to={adminPaths.teams} size="xs" onClick={keepDraftForTeams}>
                See all teams
              </Anchor>
            </>
          }
          placeholder={teams.isError ? 'Teams could not be loaded' : 'No team'}
          data={teams.data?.teams.map((team) => ({ value: team.id, label: team.name })) ?? []}
          error={fieldError(formError, 'teamId')}
          value={teamId}
          onChange={setField('teamId')}
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
