import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, isBlank, usernameField } from './fields';

/**
 * Inline edit of an employee or admin row (spec §5 'Employee or admin edit', as DESIGN.md
 * changes it): passwords are never readable, so an empty password means 'unchanged'; a new
 * one must not be blank (only spaces) and needs 6 characters.
 */
export const accountEditSchema = z.object({
  username: usernameField(m.usernameAndPasswordRequired),
  password: z
    .string()
    .max(MAX_PASSWORD_LENGTH, {
      error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
    })
    .superRefine((password, ctx) => {
      if (password === '') return;
      if (isBlank(password))
        ctx.addIssue({ code: 'custom', message: m.usernameAndPasswordRequired });
      else if (password.length < MIN_PASSWORD_LENGTH) {
        ctx.addIssue({ code: 'custom', message: m.passwordTooShort });
      }
    })
    .optional()
    .transform((password) => (password ? password : undefined)),
});
export type AccountEditInput = z.input<typeof accountEditSchema>;
