import { z } from 'zod';
import { fieldNamingMessages } from '../messages';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
});

/**
 * One validation problem as one line that says which field and why. The spec's own
 * messages already name their field ('Passwords do not match'), so they stay exact.
 */
export function describeIssue(path: readonly PropertyKey[], message: string) {
  const field = path.map(String).join('.');
  return {
    field: field || undefined,
    message: !field || fieldNamingMessages.has(message) ? message : `${field}: ${message}`,
  };
}
