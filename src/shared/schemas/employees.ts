import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { teamRefSchema } from './admins';
import { isoDateTime, newPassword, newPasswordPairCheck, usernameField } from './fields';
import { listPageFields, listQuerySchema } from './list';

/** Register Employee (spec §5 'Registration'): all required, passwords match, then length. */
export const registerEmployeeSchema = z
  .object({
    username: usernameField(m.allFieldsRequired),
    password: newPassword(m.allFieldsRequired),
    confirmPassword: newPassword(m.allFieldsRequired),
    // Missing is the form's required field; any other text that is not a team's id, the list's.
    teamId: z.uuid({
      error: ({ input }) =>
        typeof input === 'string' && input !== '' ? m.chooseTeam : m.allFieldsRequired,
    }),
  })
  .superRefine(newPasswordPairCheck(m.passwordTooShort));
export type RegisterEmployeeInput = z.input<typeof registerEmployeeSchema>;

/** A row of the Employees page. Passwords are never sent (DESIGN.md). */
export const employeeRowSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  full_name: z.string().nullable(),
  role: z.literal('employee'),
  team: teamRefSchema.nullable(),
  created_at: isoDateTime,
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;

/** The Employees page's sortable columns. */
export const employeeSortColumns = ['username', 'team', 'registered'] as const;
export type EmployeeSortColumn = (typeof employeeSortColumns)[number];
export const employeeListQuerySchema = listQuerySchema(employeeSortColumns);

/** One page of the employees in the viewer's scope (newest first unless sorted). */
export const employeeListSchema = z.object({
  employees: z.array(employeeRowSchema),
  ...listPageFields,
});

export const employeeResponseSchema = z.object({ employee: employeeRowSchema });

/** The teams an admin may register into (their own, or every team for a super admin). */
export const registrableTeamsSchema = z.object({ teams: z.array(teamRefSchema) });
