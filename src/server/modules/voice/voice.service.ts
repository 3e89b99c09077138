import type { SessionUser } from '../../../shared/schemas/auth';
import type { VoiceSession } from '../../../shared/schemas/voice';
import type { VoiceIdentity } from '../../config';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './voice.repository';

function publicPart(ctx: AppContext, identity: VoiceIdentity): VoiceSession {
  return {
    provider: 'vapi',
    name: identity.name,
    publicKey: identity.publicKey,
    assistantId: identity.assistantId,
    baseUrl: ctx.config.voice.apiBaseUrl,
  };
}

/**
 * The assistant for a call in progress: the next identity round-robin (a database sequence,
 * so across processes too), recorded on the call. Asking again for the same call (a reload)
 * gives the same identity. With none configured, the local assistant.
 */
export async function startSession(
  ctx: AppContext,
  actor: SessionUser,
  callId: string,
): Promise<VoiceSession> {
  const call = await repo.findActiveCall(ctx.db, actor.id, callId);
  if (!call) throw new AppError('CALL_NOT_FOUND');
  if (call.call_status !== 'answered' || call.ended_at !== null) {
    throw new AppError('CALL_NOT_ACTIVE');
  }
  const { identities } = ctx.config.voice;
  if (identities.length === 0) return { provider: 'local' };

  const kept = identities.find((identity) => identity.name === call.voice_identity);
  if (kept) return publicPart(ctx, kept);
  const turn = await repo.nextTurn(ctx.db);
  const identity = identities[Number(turn % BigInt(identities.length))]!;
  await repo.recordIdentity(ctx.db, callId, identity.name);
  return publicPart(ctx, identity);
}

/** The super admin's view: each identity's name, assistant id and calls taken. */
export async function listIdentities(ctx: AppContext) {
  const { identities } = ctx.config.voice;
  const calls = await repo.callsPerIdentity(ctx.db);
  return {
    provider: identities.length === 0 ? ('local' as const) : ('vapi' as const),
    identities: identities.map((identity) => ({
      name: identity.name,
      assistantId: identity.assistantId,
      calls: calls.get(identity.name) ?? 0,
    })),
  };
}
