import { resetMessages, signInMessages } from '../../../shared/messages';
import { ApiError, NetworkError } from '../../lib/api-client';

/** Spec §8 'Sign-in': which message a failed sign-in shows. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'SIGN_IN_ERROR') return signInMessages.queryError;
    if (error.status >= 500) return signInMessages.unexpected;
    return error.message || signInMessages.fallback;
  }
  if (error instanceof NetworkError) return signInMessages.unexpected;
  return signInMessages.fallback;
}

/** Spec §8 'Reset': the server's own message when it gave one, else 'try again'. */
export function resetErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) {
    if (error.status < 500 || error.code === 'RESET_FAILED') return error.message;
  }
  return resetMessages.tryAgain;
}

export function isExpiredResetError(error: unknown) {
  return error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID';
}
