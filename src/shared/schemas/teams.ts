import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { isoDateTime, requiredText } from './fields';
import { listPageFields, listQuerySchema } from './list';

export const MAX_TEAM_NAME_LENGTH = 100;
export const MAX_TEAM_DESCRIPTION_LENGTH = 500;

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  /** The creator's username, or 'Unknown' (spec §3). */
  created_by: z.string(),
  created_at: isoDateTime,
  member_count: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;

/** The Teams page's sortable columns: Team Name, Description, Created By, Created Date, Members. */
export const teamSortColumns = ['name', 'description', 'createdBy', 'created', 'members'] as const;
export type TeamSortColumn = (typeof teamSortColumns)[number];
export const teamListQuerySchema = listQuerySchema(teamSortColumns);

/** One page of the teams this user may see (all for a super admin, else the one they lead). */
export const teamListSchema = z.object({ teams: z.array(teamSchema), ...listPageFields });

/** Create and edit team (spec §5 'Create team'): name required, description optional. */
export const teamInputSchema = z.object({
  name: requiredText(m.teamNameRequired, MAX_TEAM_NAME_LENGTH, 'Team name'),
  description: z
    .string()
    .trim()
    .max(MAX_TEAM_DESCRIPTION_LENGTH, {
      error: `Description must be at most ${MAX_TEAM_DESCRIPTION_LENGTH} characters`,
    })
    .nullable()
    .optional()
    .transform((description) => (description ? description : null)),
});
export type TeamInput = z.input<typeof teamInputSchema>;

export const teamResponseSchema = z.object({ team: teamSchema });

export const teamMemberRoleSchema = z.enum(['member', 'team_leader']);
export type TeamMemberRole = z.infer<typeof teamMemberRoleSchema>;

export const teamMemberSchema = z.object({
  /** The membership's id (`team_members.id`), used by the member endpoints. */
  id: z.uuid(),
  user_id: z.uuid(),
  username: z.string(),
  /** The full name from the member's profile, if any: the members search matches it too. */
  full_name: z.string().nullable(),
  user_role: z.enum(['employee', 'admin']),
  role: teamMemberRoleSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The members list's sortable columns: the username, and the role in the team. */
export const teamMemberSortColumns = ['username', 'role'] as const;
export type TeamMemberSortColumn = (typeof teamMemberSortColumns)[number];
export const teamMembersQuerySchema = listQuerySchema(teamMemberSortColumns);

/** One page of a team's members: leaders first, then by username, unless sorted. */
export const teamMembersSchema = z.object({
  members: z.array(teamMemberSchema),
  ...listPageFields,
});

/** Who can be added (spec §6): employees and admins, not super admins, not already in this team. */
export const teamCandidateSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(['employee', 'admin']),
  /** The team they are in now: adding them moves them (DESIGN.md: one team per user). */
  current_team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /**
   * Whether this user may add them. A leader cannot take another team's member, so a leader is
   * listed only users in no team, and every candidate listed can be added.
   */
  can_add: z.boolean(),
});
export type TeamCandidate = z.infer<typeof teamCandidateSchema>;

/** The Add Team Member picker asks for one page, searched by username; it may sort by it. */
export const teamCandidateSortColumns = ['username'] as const;
export type TeamCandidateSortColumn = (typeof teamCandidateSortColumns)[number];
export const teamCandidatesQuerySchema = listQuerySchema(teamCandidateSortColumns);

/** One page of candidates: those in no team first, then by username, unless sorted. */
export const teamCandidatesSchema = z.object({
  candidates: z.array(teamCandidateSchema),
  ...listPageFields,
});

export const addTeamMemberSchema = z.object({
  userId: z.uuid({ error: m.selectUser }),
  role: teamMemberRoleSchema.default('member'),
});

export const updateTeamMemberSchema = z.object({ role: teamMemberRoleSchema });

export const teamMemberResponseSchema = z.object({ member: teamMemberSchema, message: z.string() });

export const teamParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
export const teamMemberParamsSchema = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  memberId: z.uuid({ error: 'Not a valid id' }),
});
