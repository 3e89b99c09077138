import { z } from 'zod';
import { agentStatusSchema, callTypeSchema } from './agent';
import { isoDateTime } from './fields';
import { listPageFields, listQuerySchema } from './list';
import { inboundModes } from './inbound-mode';

/**
 * One agent on the live floor view (`/admin/live`): status and time in it, the call in
 * progress and its duration. Times are server timestamps; the page ticks them.
 */
export const floorAgentSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  status: agentStatusSchema,
  /** When the current status began; null before the agent ever set one (Gone Home). */
  since: isoDateTime.nullable(),
  /** Whether the agent has the softphone open now (a live connection). */
  isConnected: z.boolean(),
  call: z
    .object({
      phase: z.enum(['ringing', 'active']),
      callType: callTypeSchema,
      /** Digits only; shown with formatPhone. */
      phoneNumber: z.string(),
      /** When the ring began or the call was answered: the duration counts from it. */
      since: isoDateTime,
    })
    .nullable(),
});
export type FloorAgent = z.infer<typeof floorAgentSchema>;

const count = z.number().int().nonnegative();

/**
 * A team's queue on the live floor: each team in queue mode, or whose callers still wait after
 * it left it. Today's figures count the callers who arrived today (the call centre's day) and
 * have been answered or given up.
 */
export const floorQueueSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  mode: z.enum(inboundModes),
  callsWaiting: count,
  /** When the caller waiting longest arrived ('Longest wait' ticks from it); null: nobody. */
  oldestArrivedAt: isoDateTime.nullable(),
  answeredToday: count,
  abandonedToday: count,
  /** Answered within the threshold ÷ answered and abandoned, in %; null: none yet today. */
  serviceLevelPercent: z.number().nullable(),
  serviceLevelSeconds: z.number().int(),
  serviceLevelTargetPercent: z.number().int(),
  /** Today's average wait of the callers answered, in seconds; null: none yet. */
  speedOfAnswerSeconds: z.number().nullable(),
  /** The team's agents Available and not in a call. */
  agentsAvailable: count,
  /** Agents the queue needs to meet its service level; null until staffing is modelled. */
  agentsNeeded: count.nullable(),
});
export type FloorQueue = z.infer<typeof floorQueueSchema>;

/**
 * The live socket's `floor.snapshot`: every agent in the viewer's scope, by username, and the
 * queues of the teams in it, by name.
 */
export const floorSchema = z.object({
  serverNow: isoDateTime,
  agents: z.array(floorAgentSchema),
  queues: z.array(floorQueueSchema),
});
export type Floor = z.infer<typeof floorSchema>;

/**
 * The live floor's sortable columns: the agent's username, the team's name, the status (in the
 * catalogue's order), the time in status and the call's duration (ascending: the shortest
 * first), and the softphone (ascending: offline first).
 */
export const floorSortColumns = [
  'username',
  'team',
  'status',
  'since',
  'call',
  'softphone',
] as const;
export type FloorSortColumn = (typeof floorSortColumns)[number];

/**
 * `GET /api/analytics/live`: `search` in the username, full name and team name; `status` keeps
 * the agents in that status.
 */
export const floorListQuerySchema = listQuerySchema(floorSortColumns).extend({
  status: agentStatusSchema.optional(),
});
export type FloorListQuery = z.infer<typeof floorListQuerySchema>;

/**
 * `GET /api/analytics/live`: one page of the agents in the viewer's scope (by username unless
 * sorted), with how many of the scope are in each status whatever the search and filter.
 */
export const floorPageSchema = floorSchema.extend({
  // An object of every status (a record keyed by the enum describes no properties).
  statusCounts: z.object(
    Object.fromEntries(
      agentStatusSchema.options.map((status) => [status, z.number().int().nonnegative()]),
    ) as Record<(typeof agentStatusSchema.options)[number], z.ZodNumber>,
  ),
  ...listPageFields,
});
export type FloorPage = z.infer<typeof floorPageSchema>;
