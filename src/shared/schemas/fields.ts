import { z } from 'zod';
import { validationMessages as m } from '../messages';

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

/**
 * A new password typed twice: they must match, then be long enough — the spec's order. The
 * length message differs by form ('… 6 characters' vs the reset's '… 6 characters long').
 */
export function newPasswordPairCheck(tooShortMessage: string) {
  return (pair: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) => {
    if (pair.password !== pair.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: m.passwordsDoNotMatch, path: ['confirmPassword'] });
    } else if (pair.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: tooShortMessage, path: ['password'] });
    }
  };
}
