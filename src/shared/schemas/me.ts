import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { teamRefSchema } from './admins';
import { roleSchema } from './auth';
import { isoDateTime, newPassword, newPasswordPairCheck, requiredPassword } from './fields';

export const MAX_FULL_NAME_LENGTH = 100;

/** The signed-in user's own profile (the agent portal's Profile page). */
export const profileSchema = z.object({
  username: z.string(),
  role: roleSchema,
  team: teamRefSchema.nullable(),
  /** Employees only (employee_info); null when not set, and for admins. */
  full_name: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });

/** An empty full name clears it. */
export const profileUpdateSchema = z.object({
  fullName: z
    .string({ error: 'Full name must be text' })
    .trim()
    .max(MAX_FULL_NAME_LENGTH, {
      error: `Full name must be at most ${MAX_FULL_NAME_LENGTH} characters`,
    })
    .transform((name) => name || null),
});

/**
 * Changing your own password: the current one, then a new one typed twice (≥ 6) that is not
 * the current one (a change that changes nothing would still sign out every other session).
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: requiredPassword(m.allFieldsRequired),
    password: newPassword(m.allFieldsRequired),
    confirmPassword: newPassword(m.allFieldsRequired),
  })
  .superRefine(newPasswordPairCheck(m.passwordTooShort))
  .superRefine((change, ctx) => {
    if (change.password === change.currentPassword) {
      ctx.addIssue({ code: 'custom', message: m.passwordUnchanged, path: ['password'] });
    }
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const authSessionSchema = z.object({
  id: z.uuid(),
  created_at: isoDateTime,
  last_seen_at: isoDateTime,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export const authSessionListSchema = z.object({ sessions: z.array(authSessionSchema) });

/** 'Sign out other sessions': how many of your other sessions ended (0 when there were none). */
export const otherSessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() });
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>;
