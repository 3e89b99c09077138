import type { Db } from '../../platform/database';

const callColumns = [
  'id',
  'phone_number',
  'call_type',
  'call_status',
  'time_received',
  'answered_at',
  'ended_at',
  'duration_seconds',
  'ring_deadline',
  'notes',
] as const;

export function findOwnCall(db: Db, userId: string, callId: string) {
  return db
    .selectFrom('call_logs')
    .select(callColumns)
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Notes go with a call that was answered, declined or missed, not a ringing offer. */
export function updateNotes(db: Db, userId: string, callId: string, notes: string) {
  return db
    .updateTable('call_logs')
    .set({ notes })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', 'is not', null)
    .returning(callColumns)
    .executeTakeFirst();
}

/** The Activity Log: the latest calls with an outcome (a ringing offer has none yet). */
export function recentCalls(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('call_logs')
    .select(callColumns)
    .where('user_id', '=', userId)
    .where('call_status', 'is not', null)
    .orderBy('time_received', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type CallRow = Awaited<ReturnType<typeof recentCalls>>[number];
