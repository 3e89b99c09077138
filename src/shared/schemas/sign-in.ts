import * as z from 'zod/mini';
import { validationMessages as m } from '../messages';
import { miniFields, newPasswordPairCheck } from './field-rules';

/*
 * What a signed-out visitor's pages (sign-in and the password reset) send and read, written
 * with zod/mini: the sign-in page is its own small bundle, and classic zod costs its whole
 * size however little of it is used, zod/mini only what is. The server validates
 * the same schemas (fastify-type-provider-zod takes any zod 4 schema); ./auth.ts re-exports
 * them beside the rest of the account schemas.
 */

export const roleSchema = z.enum(['employee', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the browser keeps it (spec §3 'session user', plus the team). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.nullable(z.string()),
  username: z.string(),
  role: roleSchema,
  is_super_admin: z.boolean(),
  team: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  /** Leads their team (team_members.role = team_leader): an admin then manages it. */
  is_team_leader: z.boolean(),
  created_at: miniFields.isoDateTime(),
  updated_at: miniFields.isoDateTime(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionUserResponseSchema = z.object({ user: sessionUserSchema });

/** Who is signed in on this browser, if anyone: the page-load probe, which answers 200 either way. */
export const sessionResponseSchema = z.object({ user: z.nullable(sessionUserSchema) });

export const signInSchema = z.object({
  username: miniFields.requiredText(m.usernameAndPasswordRequired, 200),
  password: miniFields.requiredPassword(m.usernameAndPasswordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const setupStatusSchema = z.object({ needed: z.boolean() });

export const resetQuestionRequestSchema = z.object({
  username: miniFields.requiredText(m.usernameRequired),
});
export const resetQuestionResponseSchema = z.object({ question: z.string() });

export const resetAnswerRequestSchema = z.object({
  username: miniFields.requiredText(m.usernameRequired),
  answer: miniFields.requiredText(m.answerRequired),
});
export const resetAnswerResponseSchema = z.object({ resetToken: z.string() });

export const resetPasswordRequestSchema = z
  .object({
    resetToken: z
      .string({ error: 'Reset token is required' })
      .check(z.minLength(1), z.maxLength(200)),
    password: miniFields.newPassword(m.allFieldsRequired),
    confirmPassword: miniFields.newPassword(m.allFieldsRequired),
  })
  .check(z.superRefine(newPasswordPairCheck(m.resetPasswordTooShort)));
export type ResetPasswordInput = z.infer<typeof resetPasswordRequestSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
