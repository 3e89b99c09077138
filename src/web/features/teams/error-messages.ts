import { hasErrorCode, serverRefusalMessage } from '../../lib/api-client';
import { refusedField } from '../../lib/form-error';

/**
 * Spec §8 'Teams page': the server's message when it refused and said why, else the
 * screen's fallback ('Failed to add member', ...).
 */
export function teamErrorMessage(error: unknown, fallback: string) {
  return serverRefusalMessage(error) ?? fallback;
}

/** The field a refusal is about: the one the server named, or the team name it found taken. */
export function teamErrorField(error: unknown) {
  return refusedField(error) ?? (hasErrorCode(error, 'TEAM_NAME_TAKEN') ? 'name' : undefined);
}
