import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { adminAccountFields } from './auth';
import { isoDateTime, newPasswordPairCheck } from './fields';
import { listPageFields, listQuerySchema } from './list';

export const teamRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** A row of the Admins page. Passwords are never sent (DESIGN.md). */
export const adminRowSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  is_super_admin: z.boolean(),
  team: teamRefSchema.nullable(),
  is_team_leader: z.boolean(),
  created_at: isoDateTime,
});
export type AdminRow = z.infer<typeof adminRowSchema>;

/** The Admins page's sortable columns (the Admin column is an avatar and a short id). */
export const adminSortColumns = ['username', 'team'] as const;
export type AdminSortColumn = (typeof adminSortColumns)[number];
export const adminListQuerySchema = listQuerySchema(adminSortColumns);

/** One page of the admins: super admins first (spec §5 'Sorting'), then newest, unless sorted. */
export const adminListSchema = z.object({
  admins: z.array(adminRowSchema),
  ...listPageFields,
});

/** 'Add New Admin' (spec §5 'Add admin'): the account, its security question, an optional team. */
export const newAdminSchema = adminAccountFields
  .extend({ teamId: z.uuid({ error: m.chooseTeam }).nullable().optional() })
  .superRefine(newPasswordPairCheck(m.passwordTooShort));
export type NewAdminInput = z.input<typeof newAdminSchema>;

export const adminResponseSchema = z.object({ admin: adminRowSchema });

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
