import { z } from 'zod';
import {
  MAX_SEARCH_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_USERNAME_LENGTH,
  newPasswordChecks,
  requiredPasswordChecks,
  requiredTextChecks,
} from './field-rules';

// The rules themselves are in ./field-rules.ts (zod/mini only, so the sign-in page can load
// them); here they are classic zod schemas, for schemas that chain methods on them.
export {
  isBlank,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  newPasswordPairCheck,
} from './field-rules';

/** A required free-text field: trimmed, non-blank, with one message for missing and blank. */
export function requiredText(message: string, max = MAX_TEXT_LENGTH, label?: string) {
  return z.string({ error: message }).check(...requiredTextChecks(message, max, label));
}

/** A password typed to prove who you are: never trimmed, capped in length (./field-rules.ts). */
export function requiredPassword(message: string) {
  return z.string({ error: message }).check(...requiredPasswordChecks(message));
}

/** A password being set: never trimmed, never blank, capped in length (./field-rules.ts). */
export function newPassword(message: string) {
  return z.string({ error: message }).check(...newPasswordChecks(message));
}

/**
 * A username: no spaces, no control characters, and no invisible format characters (zero-width
 * spaces and joiners, direction marks: 'zw\u200bx' would look like a second 'zwx').
 */
export function usernameField(message: string) {
  return requiredText(message, MAX_USERNAME_LENGTH).refine((v) => !/[\s\p{Cc}\p{Cf}]/u.test(v), {
    error: 'Username cannot contain spaces or control characters',
  });
}

export const isoDateTime = z.iso.datetime({ offset: true });

/** A list's free-text search, trimmed; at most 100 characters. */
export const searchField = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, { error: `Search must be at most ${MAX_SEARCH_LENGTH} characters` })
  .optional();
