import { z } from 'zod';
import { inboundModes } from './inbound-mode';

export { type InboundMode, inboundModes } from './inbound-mode';

export const MAX_CALLS_PER_HOUR = 36_000;
export const MAX_PATIENCE_SECONDS = 3600;
export const MAX_SERVICE_LEVEL_SECONDS = 3600;

/** A new team's settings: today's spec behaviour, and the industry's usual 80 % in 20 s. */
export const DEFAULT_INBOUND_SETTINGS = {
  mode: 'per-agent',
  callsPerHour: 60,
  patienceSeconds: 60,
  serviceLevelSeconds: 20,
  serviceLevelTargetPercent: 80,
} as const satisfies InboundSettings;

const wholeSeconds = (name: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${name} in seconds` })
    .int({ error: `Enter ${name} in whole seconds` })
    .min(min, { error: `${sentence(name)} must be at least ${min} seconds` })
    .max(max, { error: `${sentence(name)} must be at most ${max} seconds` });

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const inboundSettingsSchema = z.object({
  mode: z.enum(inboundModes, { error: "Choose 'per-agent' or 'queue'" }),
  /** Queue mode: the mean arrival rate of the team's callers (Poisson). */
  callsPerHour: z
    .number({ error: 'Enter the calls per hour as a number' })
    .positive({ error: 'Calls per hour must be more than 0' })
    .max(MAX_CALLS_PER_HOUR, {
      error: `Calls per hour must be at most ${MAX_CALLS_PER_HOUR.toLocaleString('en-US')}`,
    }),
  /** Queue mode: callers' mean patience (exponential); 0: they never give up. */
  patienceSeconds: wholeSeconds('the patience', 0, MAX_PATIENCE_SECONDS),
  /** Answered within this many seconds counts toward the service level. */
  serviceLevelSeconds: wholeSeconds('the service-level threshold', 1, MAX_SERVICE_LEVEL_SECONDS),
  serviceLevelTargetPercent: z
    .number({ error: 'Enter the target as a percentage' })
    .int({ error: 'Enter the target as a whole percentage' })
    .min(1, { error: 'The target must be at least 1 %' })
    .max(100, { error: 'The target must be at most 100 %' }),
});
export type InboundSettings = z.infer<typeof inboundSettingsSchema>;

/**
 * `PUT /api/teams/:id/inbound`: the settings, each field left out keeping its value. Switching
 * to per-agent lets the callers already waiting finish.
 */
export const inboundSettingsChangesSchema = inboundSettingsSchema.partial();
export type InboundSettingsChanges = z.infer<typeof inboundSettingsChangesSchema>;
