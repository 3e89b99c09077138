import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { isoDateTime, requiredText } from './fields';

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

/** The teams this user may see (all for a super admin, else those they lead); `total` ignores the search. */
export const teamListSchema = z.object({ teams: z.array(teamSchema), total: z.number().int() });

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
  user_role: z.enum(['employee', 'admin']),
  role: teamMemberRoleSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Leaders first, then by username. */
export const teamMembersSchema = z.object({ members: z.array(teamMemberSchema) });

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
export const teamCandidatesSchema = z.object({ candidates: z.array(teamCandidateSchema) });

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
