import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { actAs, asked } from '../presence/presence.service';
import { toCallLogEntry } from './call-views';
import * as repo from './calls.repository';

/** Why a call's notes could not change: someone else's or unknown, or still ringing. */
async function refusal(db: Db, actor: SessionUser, callId: string) {
  const call = await repo.findOwnCall(db, actor.id, callId);
  return new AppError(call ? 'CALL_NOT_ACTIVE' : 'CALL_NOT_FOUND');
}

// The call actions below are `agent_act_batch`'s (presence.actAs): rules, writes and the status
// switch in one statement, taking turns with status changes and the engine on the agent's
// lock; each answers the agent's state and announces it to every live tab but the asking one.

/** Answer a ringing offer before its deadline: logged answered, status On Call. */
export function answer(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'answer', callId }, 'agent', asked(ctx, tab));
}

/** Decline a ringing offer: logged declined; the agent stays Available for the next. */
export function decline(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'decline', callId }, 'agent', asked(ctx, tab));
}

/** End the call in progress: its duration is stored and the status becomes After Call Work. */
export function end(ctx: AppContext, actor: SessionUser, callId: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'end', callId }, 'agent', asked(ctx, tab));
}

/** Dial out: only in Out Bound and with no call open; logged answered, status On Call. */
export function dial(ctx: AppContext, actor: SessionUser, phoneNumber: string, tab?: string) {
  return actAs(ctx, actor.id, { kind: 'dial', phoneNumber }, 'agent', asked(ctx, tab));
}

export async function saveNotes(
  ctx: AppContext,
  actor: SessionUser,
  callId: string,
  notes: string,
) {
  const call = await repo.updateNotes(ctx.db, actor.id, callId, notes);
  if (!call) throw await refusal(ctx.db, actor, callId);
  await ctx.live.agentChanged(actor.id);
  return toCallLogEntry(call);
}

export async function recentCalls(ctx: AppContext, actor: SessionUser, limit: number) {
  const rows = await repo.recentCalls(ctx.db, actor.id, limit);
  return rows.map(toCallLogEntry);
}
