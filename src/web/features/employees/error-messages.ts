import { employeeMessages } from '../../../shared/messages';
import { NetworkError, hasErrorCode, serverRefusalMessage } from '../../lib/api-client';
import { refusedField } from '../../lib/form-error';

/**
 * Spec §8 'Employees': a refusal the server explains ('Username already exists', 'Employee
 * not found') shows the server's words; a failure shows the action's fallback.
 */
export function employeeErrorMessage(error: unknown, fallback: string) {
  return serverRefusalMessage(error) ?? fallback;
}

/**
 * Spec §8 'Register': the server's words for a refusal ('Username already exists', a team out
 * of scope), 'Failed to register employee' when the server failed, and 'An unexpected error
 * occurred' when it could not be reached.
 */
export function registerErrorMessage(error: unknown) {
  if (error instanceof NetworkError) return employeeMessages.unexpected;
  return employeeErrorMessage(error, employeeMessages.registerFailed);
}

/** The field a refusal is about: the one the server named, or the username it found taken. */
export function employeeErrorField(error: unknown) {
  return refusedField(error) ?? (hasErrorCode(error, 'USERNAME_TAKEN') ? 'username' : undefined);
}
