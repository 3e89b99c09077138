import { resetMessages, signInMessages } from '../../../shared/messages';
import { hasErrorCode, isServerOrNetworkFailure, serverRefusalMessage } from '../../lib/api-client';
import { refusedField } from '../../lib/form-error';

/** Spec §8 'Sign-in': which message a failed sign-in shows. */
export function signInErrorMessage(error: unknown): string {
  if (hasErrorCode(error, 'SIGN_IN_ERROR')) return signInMessages.queryError;
  const refusal = serverRefusalMessage(error);
  if (refusal) return refusal;
  if (isServerOrNetworkFailure(error)) return signInMessages.unexpected;
  return signInMessages.fallback;
}

/** Spec §8 'Reset': the server's own message when it gave one, else 'try again'. */
export function resetErrorMessage(error: unknown): string {
  const refusal = serverRefusalMessage(error);
  if (refusal) return refusal;
  // 'Failed to reset password' is the one server failure whose message the spec shows.
  if (hasErrorCode(error, 'RESET_FAILED') && error.message) return error.message;
  return resetMessages.tryAgain;
}

/** Which field of the reset form a refusal is about, when the code says so plainly. */
export function resetErrorField(error: unknown): string | undefined {
  if (hasErrorCode(error, 'RESET_USERNAME_NOT_FOUND')) return 'username';
  if (hasErrorCode(error, 'RESET_INCORRECT_ANSWER')) return 'answer';
  return refusedField(error);
}

export function isExpiredResetError(error: unknown) {
  return hasErrorCode(error, 'RESET_TOKEN_INVALID');
}
