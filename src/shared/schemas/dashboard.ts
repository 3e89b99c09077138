import { z } from 'zod';
import { isoDateTime } from './fields';

/** How many days the dashboard cards' sparklines cover. */
export const SPARKLINE_DAYS = 30;

const count = z.number().int().nonnegative();

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
  /** The cards' sparklines: a figure per day of the last `SPARKLINE_DAYS`, today last. */
  trend: z.object({
    /** The days in the call centre's zone, oldest first. */
    days: z.array(z.iso.date()),
    /** Employees registered by each day's end (those still registered). */
    employees: z.array(count),
    /** Employees registered on each day. */
    registrations: z.array(count),
    /** Teams by each day's end ('Total Teams'), or the own team's members; empty with no team. */
    teams: z.array(count),
    /** Each day's percent of calls answered; null on a day without calls. */
    performancePercent: z.array(z.number().int().nullable()),
  }),
  /** The 4 newest employees. */
  recentEmployees: z.array(
    z.object({ id: z.uuid(), username: z.string(), created_at: isoDateTime }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
