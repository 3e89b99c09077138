import { z } from 'zod';
import { agentStatuses, systemStatuses } from '../statuses';
import { isoDateTime } from './fields';

export const agentStatusSchema = z.enum(agentStatuses);

/**
 * The agent's status as the server knows it. Timers are derived, never stored per second:
 * the browser ticks 'This' from `since` and 'Overall' from `todaySeconds` + the time since
 * `serverNow`, corrected by its measured clock offset.
 */
export const agentStateSchema = z.object({
  status: agentStatusSchema,
  /** When the current status began; null before the agent ever set one (initial gone_home). */
  since: isoDateTime.nullable(),
  /** The server's clock when this was computed: the browser measures its offset from it. */
  serverNow: isoDateTime,
  /** The call centre's day these totals are for, 'YYYY-MM-DD' in CALL_CENTRE_TZ. */
  day: z.string(),
  /** Seconds spent today in each status, the current one counted up to `serverNow`. */
  todaySeconds: z.record(z.string(), z.number().int()),
});
export type AgentState = z.infer<typeof agentStateSchema>;

export const changeStatusSchema = z.object({
  status: agentStatusSchema.refine((status) => !systemStatuses.includes(status), {
    error: 'On Call and After Call Work are set by the system',
  }),
});
