import { z } from 'zod';
import { isoDateTime } from './fields';

/** The admin dashboard's figures, computed by the server within the viewer's team scope. */
export const dashboardSchema = z.object({
  employees: z.object({
    total: z.number().int(),
    /** New this month versus everyone registered before it, in percent. */
    growthPercent: z.number().int(),
    newThisMonth: z.number().int(),
    /** This month's registrations versus last month's, in percent. */
    changeVersusLastMonthPercent: z.number().int(),
  }),
  /** All teams (super admin), or the viewer's own team ('Your Team'), or none. */
  teams: z.discriminatedUnion('scope', [
    z.object({ scope: z.literal('all'), count: z.number().int() }),
    z.object({
      scope: z.literal('own'),
      team: z.object({ id: z.uuid(), name: z.string(), memberCount: z.number().int() }).nullable(),
    }),
  ]),
  calls: z.object({
    total: z.number().int(),
    answered: z.number().int(),
    /** Rounded percent of all calls answered; 0 with no calls. */
    performancePercent: z.number().int(),
  }),
  /** The 4 newest employees. */
  recentEmployees: z.array(
    z.object({ id: z.uuid(), username: z.string(), created_at: isoDateTime }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
