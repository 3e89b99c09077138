import { serverRefusalMessage } from '../../lib/api-client';

export const profileMessages = {
  fullNameSaved: 'Full name saved',
  fullNameFailed: 'Failed to save full name',
  loadFailed: 'Failed to load your profile',
} as const;

/** The server's reason for a refusal (wrong current password, too long), else the fallback. */
export function profileErrorMessage(error: unknown, fallback: string) {
  return serverRefusalMessage(error) ?? fallback;
}
