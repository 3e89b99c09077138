import { adminMessages } from '../../../shared/messages';
import { NetworkError, hasErrorCode, isApiError } from '../../lib/api-client';
import { refusedField } from '../../lib/form-error';

/** Refusals whose reason the server states for the user: bad input, not allowed, gone, conflict. */
const EXPLAINED_REFUSALS = new Set([400, 403, 404, 409]);

/**
 * Spec §8 'Admins': a taken username (23505, our 409 'Username already exists') and other
 * refusals the server explains ('Super admins cannot be deleted') show the server's words;
 * anything else shows the action's fallback ('Failed to add admin').
 */
export function adminErrorMessage(error: unknown, fallback: string) {
  if (isApiError(error) && EXPLAINED_REFUSALS.has(error.status) && error.message) {
    return error.message;
  }
  return fallback;
}

/** Loading the list: 'An unexpected error occurred' when the server can't be reached. */
export function adminListErrorMessage(error: unknown) {
  return error instanceof NetworkError ? adminMessages.unexpected : adminMessages.loadFailed;
}

/** The field a refusal is about: the one the server named, or the username it found taken. */
export function adminErrorField(error: unknown) {
  return refusedField(error) ?? (hasErrorCode(error, 'USERNAME_TAKEN') ? 'username' : undefined);
}
