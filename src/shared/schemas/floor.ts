import { z } from 'zod';
import { agentStatusSchema, callTypeSchema } from './agent';
import { isoDateTime } from './fields';

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

/** `GET /api/analytics/live`: every agent in the viewer's scope, by username. */
export const floorSchema = z.object({
  serverNow: isoDateTime,
  agents: z.array(floorAgentSchema),
});
export type Floor = z.infer<typeof floorSchema>;
