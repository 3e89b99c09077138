import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { adminAccountFields } from './auth';
import { isoDateTime, newPasswordPairCheck, searchField } from './fields';

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

export const searchQuerySchema = z.object({ search: searchField });

/** Super admins first (spec §5 'Sorting'), then newest first. `total` ignores the search. */
export const adminListSchema = z.object({
  admins: z.array(adminRowSchema),
  total: z.number().int(),
});

/** 'Add New Admin' (spec §5 'Add admin'): the account, its security question, an optional team. */
export const newAdminSchema = adminAccountFields
  .extend({ teamId: z.uuid({ error: m.chooseTeam }).nullable().optional() })
  .superRefine(newPasswordPairCheck(m.passwordTooShort));
export type NewAdminInput = z.input<typeof newAdminSchema>;

export const adminResponseSchema = z.object({ admin: adminRowSchema });

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
