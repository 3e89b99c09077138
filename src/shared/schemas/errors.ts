import * as z from 'zod/mini';
import { fieldNamingMessages } from '../messages';

/** zod/mini: the sign-in page reads error bodies too, and its bundle has no classic zod. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
    retryAfterSeconds: z.optional(z.number()),
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
