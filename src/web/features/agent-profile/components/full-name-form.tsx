import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { profileUpdateSchema } from '../../../../shared/schemas/me';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { firstIssue, refusal, refusedField, useFormError } from '../../../lib/form-error';
import { useNotice } from '../../../lib/use-notice';
import { useUpdateProfile } from '../api/update-profile';
import { profileErrorMessage, profileMessages } from '../error-messages';

/** The agent's full name (employee_info.full_name): editable, empty clears it. */
export function FullNameForm({ savedFullName }: { savedFullName: string | null }) {
  const [fullName, setFullName] = useState(savedFullName ?? '');
  const [formError, setFormError] = useFormError({ fullName });
  const notice = useNotice();
  const updateProfile = useUpdateProfile();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateProfile.isPending) return;
    setFormError(null);
    notice.clear();
    const checked = profileUpdateSchema.safeParse({ fullName });
    if (!checked.success) {
      setFormError(firstIssue(checked.error, profileMessages.fullNameFailed));
      return;
    }
    updateProfile.mutate(fullName, {
      onSuccess: (profile) => {
        setFullName(profile.full_name ?? '');
        notice.success(profileMessages.fullNameSaved);
      },
      onError: (error) =>
        setFormError(
          refusal(profileErrorMessage(error, profileMessages.fullNameFailed), refusedField(error)),
        ),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Full name">
      <Stack gap="sm">
        {formError && <FormAlert tone="error">{formError.message}</FormAlert>}
        {notice.notice && <FormAlert tone="success">{notice.notice.message}</FormAlert>}
        <TextInput
          label="Full name"
          description="Leave empty to clear it"
          autoComplete="name"
          error={fieldError(formError, 'fullName')}
          value={fullName}
          onChange={(event) => setFullName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={updateProfile.isPending}>
            {updateProfile.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
