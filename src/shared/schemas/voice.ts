import { z } from 'zod';

export const voiceProviderSchema = z.enum(['local', 'vapi']);
export type VoiceProvider = z.infer<typeof voiceProviderSchema>;

export const voiceSessionRequestSchema = z.object({ callId: z.uuid({ error: 'Not a call id' }) });

/**
 * What the browser needs to start the assistant on a call: the provider and, for vapi, the
 * public parts of the identity the server handed out. Private keys never leave the server.
 */
export const voiceSessionSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({
    provider: z.literal('vapi'),
    name: z.string(),
    publicKey: z.string(),
    assistantId: z.string(),
    baseUrl: z.string(),
  }),
]);
export type VoiceSession = z.infer<typeof voiceSessionSchema>;

/** The configured identities for the super admin's view: names, assistant ids, call counts. */
export const voiceIdentitiesSchema = z.object({
  provider: voiceProviderSchema,
  identities: z.array(
    z.object({ name: z.string(), assistantId: z.string(), calls: z.number().int() }),
  ),
});
