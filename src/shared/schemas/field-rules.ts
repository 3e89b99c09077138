import * as z from 'zod/mini';
import { validationMessages as m } from '../messages';

/*
 * The field rules, with zod/mini only. Each rule is one list of checks, applied to a classic
 * zod string by ./fields.ts (whose helpers other schemas chain methods on) and to a zod/mini
 * string by `miniFields` here (the signed-out pages' schemas, ./sign-in.ts: the sign-in page's
 * bundle cannot afford classic zod). Same checks, same order, same messages.
 * This file must not import classic zod: the sign-in page loads it.
 */

/** Longest accepted password: argon2 cost grows with input, so cap what a request may send. */
export const MAX_PASSWORD_LENGTH = 256;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_USERNAME_LENGTH = 64;
/** A required free-text field's default cap (a security answer, a username typed to sign in). */
export const MAX_TEXT_LENGTH = 200;
/** A list's free-text search; the search boxes stop there too. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * A required free-text field: trimmed, non-blank, with one message for missing and blank;
 * `label` names the field in the too-long message (it may show away from the field).
 */
export const requiredTextChecks = (message: string, max: number, label?: string) =>
  [
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(max, {
      error: `${label ? `${label} must` : 'Must'} be at most ${max} characters`,
    }),
  ] as const;

/** Blank: empty or only whitespace (spec §5: passwords must be non-blank). */
export const isBlank = (value: string) => value.trim() === '';

const maxPasswordLength = z.maxLength(MAX_PASSWORD_LENGTH, {
  error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
});

/**
 * A password typed to prove who you are (sign-in, your current one): never trimmed (spaces
 * are characters), not empty, capped in length. Not refused for being only spaces: an account
 * may have such a password from before the rule below.
 */
export const requiredPasswordChecks = (message: string) =>
  [z.minLength(1, { error: message }), maxPasswordLength] as const;

/** A password being set: the same, and not blank either (only spaces is no password, §5). */
export const newPasswordChecks = (message: string) =>
  [
    z.refine<string>((password) => !isBlank(password), { error: message }),
    maxPasswordLength,
  ] as const;

/** The rules as zod/mini schemas (./fields.ts has them as classic ones). */
export const miniFields = {
  requiredText: (message: string, max = MAX_TEXT_LENGTH) =>
    z.string({ error: message }).check(...requiredTextChecks(message, max)),
  requiredPassword: (message: string) =>
    z.string({ error: message }).check(...requiredPasswordChecks(message)),
  newPassword: (message: string) =>
    z.string({ error: message }).check(...newPasswordChecks(message)),
  isoDateTime: () => z.iso.datetime({ offset: true }),
};

/**
 * A new password typed twice: they must match, then be long enough — the spec's order. The
 * length message differs by form ('… 6 characters' vs the reset's '… 6 characters long').
 */
export function newPasswordPairCheck(tooShortMessage: string) {
  return (pair: { password: string; confirmPassword: string }, ctx: z.core.$RefinementCtx) => {
    if (pair.password !== pair.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: m.passwordsDoNotMatch, path: ['confirmPassword'] });
    } else if (pair.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: tooShortMessage, path: ['password'] });
    }
  };
}
