import { z } from 'zod';

/** Longest accepted password: argon2 cost grows with input, so cap what a request may send. */
export const MAX_PASSWORD_LENGTH = 256;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_USERNAME_LENGTH = 64;

/** A required free-text field: trimmed, non-blank, with one message for missing and blank. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

/** A required password: never trimmed (spaces are characters), capped in length. */
export function requiredPassword(message: string) {
  return z
    .string({ error: message })
    .min(1, { error: message })
    .max(MAX_PASSWORD_LENGTH, {
      error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
    });
}

export function usernameField(message: string) {
  return requiredText(message, MAX_USERNAME_LENGTH).refine((v) => !/[\s\p{Cc}]/u.test(v), {
    error: 'Username cannot contain spaces or control characters',
  });
}

export const isoDateTime = z.iso.datetime({ offset: true });
