import { signInMessages } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';

/** The server's message for a refusal it explained; otherwise the spec's generic message. */
export function setupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return signInMessages.unexpected;
}

export function isSetupAlreadyDone(error: unknown) {
  return error instanceof ApiError && error.code === 'SETUP_ALREADY_DONE';
}
