import { useState } from 'react';
import { validationMessages } from '../../../../shared/messages';
import { type Team, teamInputSchema } from '../../../../shared/schemas/teams';
import { firstIssue, useFormError } from '../../../lib/form-error';
import type { NewTeam } from '../api/create-team';

/** The name and description fields of create and edit team, checked by the server's schema. */
export function useTeamForm(team?: Team) {
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [formError, setFormError] = useFormError({ name, description });

  /** The team to send, or null after showing why not ('Team name is required'). */
  function validate(): NewTeam | null {
    setFormError(null);
    const parsed = teamInputSchema.safeParse({ name, description });
    if (!parsed.success) {
      setFormError(firstIssue(parsed.error, validationMessages.teamNameRequired));
      return null;
    }
    return parsed.data;
  }

  function reset() {
    setName('');
    setDescription('');
    setFormError(null);
  }

  return { name, setName, description, setDescription, formError, setFormError, validate, reset };
}

export type TeamForm = ReturnType<typeof useTeamForm>;
