import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { securityQuestions } from '../security-questions';
import {
  MIN_PASSWORD_LENGTH,
  newPassword,
  newPasswordPairCheck,
  requiredText,
  usernameField,
} from './fields';

// The schemas of the signed-out pages (sign-in, reset, the session user) are zod/mini, in
// their own file so the sign-in page's bundle never loads this one's classic zod.
export {
  type ResetPasswordInput,
  type Role,
  type SessionUser,
  type SignInInput,
  okResponseSchema,
  resetAnswerRequestSchema,
  resetAnswerResponseSchema,
  resetPasswordRequestSchema,
  resetQuestionRequestSchema,
  resetQuestionResponseSchema,
  roleSchema,
  sessionResponseSchema,
  sessionUserResponseSchema,
  sessionUserSchema,
  setupStatusSchema,
  signInSchema,
} from './sign-in';

/**
 * A new admin account with its security question: the first-run super admin, the
 * `create-admin` command and the Admins page's 'Add New Admin' all use it (spec §5 'Add admin').
 * Checks run in the spec's order: everything present, passwords match, then length.
 */
export const adminAccountFields = z.object({
  username: usernameField(m.allFieldsRequired),
  password: newPassword(m.allFieldsRequired),
  confirmPassword: newPassword(m.allFieldsRequired),
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
    password: newPassword(m.passwordRequired).min(MIN_PASSWORD_LENGTH, {
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
