import { TextInput, Textarea } from '@mantine/core';
import { fieldError } from '../../../components/field-error';
import type { TeamForm } from '../hooks/use-team-form';

interface TeamFieldsProps {
  form: TeamForm;
  /** Puts the cursor in the name field when a modal opens. */
  autoFocusName?: boolean;
  /** One line for the description until more is typed: the inline form's row. */
  isCompact?: boolean;
}

/**
 * Team Name and Description, as create and edit team show them. No `maxLength`: a longer
 * paste would be cut without a word; the shared schema says what is too long on Save.
 */
export function TeamFields({ form, autoFocusName = false, isCompact = false }: TeamFieldsProps) {
  return (
    <>
      <TextInput
        label="Team Name"
        name="team-name"
        autoComplete="off"
        data-autofocus={autoFocusName || undefined}
        error={fieldError(form.formError, 'name')}
        value={form.name}
        onChange={(event) => form.setName(event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        name="team-description"
        placeholder="Optional"
        autosize
        minRows={isCompact ? 1 : 2}
        maxRows={5}
        error={fieldError(form.formError, 'description')}
        value={form.description}
        onChange={(event) => form.setDescription(event.currentTarget.value)}
      />
    </>
  );
}
