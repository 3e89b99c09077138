import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { securityQuestions } from '../security-questions';
import {
  MIN_PASSWORD_LENGTH,
  isoDateTime,
  newPasswordPairCheck,
  requiredPassword,
  requiredText,
  usernameField,
} from './fields';

export const roleSchema = z.enum(['employee', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the browser keeps it (spec §3 'session user', plus the team). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  username: z.string(),
  role: roleSchema,
  is_super_admin: z.boolean(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Leads their team (team_members.role = team_leader): an admin then manages it. */
  is_team_leader: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionUserResponseSchema = z.object({ user: sessionUserSchema });

export const signInSchema = z.object({
  username: requiredText(m.usernameAndPasswordRequired, 200),
  password: requiredPassword(m.usernameAndPasswordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * A new admin account with its security question: the first-run super admin, the
 * `create-admin` command and the Admins page's 'Add New Admin' all use it (spec §5 'Add admin').
 * Checks run in the spec's order: everything present, passwords match, then length.
 */
export const adminAccountFields = z.object({
  username: usernameField(m.allFieldsRequired),
  password: requiredPassword(m.allFieldsRequired),
  confirmPassword: requiredPassword(m.allFieldsRequired),
  securityQuestion: z.enum(securityQuestions, { error: m.allFieldsRequired }),
  securityAnswer: requiredText(m.allFieldsRequired),
});
export const adminAccountSchema = adminAccountFields.superRefine(
  newPasswordPairCheck(m.passwordTooShort),
);
export type AdminAccountInput = z.infer<typeof adminAccountSchema>;

/**
 * `npm run create-admin`: an admin made from the shell, for scripts and recovery. No
 * confirmation field; the security question is optional (without one, no self-service reset).
 */
export const adminCommandSchema = z
  .object({
    username: usernameField(m.usernameRequired),
    password: requiredPassword(m.passwordRequired).min(MIN_PASSWORD_LENGTH, {
      error: m.passwordTooShort,
    }),
    isSuperAdmin: z.boolean(),
    securityQuestion: z
      .enum(securityQuestions, { error: 'Choose one of the 8 security questions' })
      .optional(),
    securityAnswer: requiredText(m.answerRequired).optional(),
  })
  .refine(
    (admin) => (admin.securityQuestion === undefined) === (admin.securityAnswer === undefined),
    {
      error: 'Give both a security question and its answer, or neither',
      path: ['securityAnswer'],
    },
  );

export const setupStatusSchema = z.object({ needed: z.boolean() });

export const resetQuestionRequestSchema = z.object({
  username: requiredText(m.usernameRequired),
});
export const resetQuestionResponseSchema = z.object({ question: z.string() });

export const resetAnswerRequestSchema = z.object({
  username: requiredText(m.usernameRequired),
  answer: requiredText(m.answerRequired),
});
export const resetAnswerResponseSchema = z.object({ resetToken: z.string() });

export const resetPasswordRequestSchema = z
  .object({
    resetToken: z.string({ error: 'Reset token is required' }).min(1).max(200),
    password: requiredPassword(m.allFieldsRequired),
    confirmPassword: requiredPassword(m.allFieldsRequired),
  })
  .superRefine(newPasswordPairCheck(m.resetPasswordTooShort));
export type ResetPasswordInput = z.infer<typeof resetPasswordRequestSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
