import { sql } from 'kysely';
import type { Db } from '../../platform/database';

/** The agent's call in progress with the identity it already has, if any. */
export function findActiveCall(db: Db, userId: string, callId: string) {
  return db
    .selectFrom('call_logs')
    .select(['id', 'call_status', 'ended_at', 'voice_identity'])
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The next turn of the rotation, shared by every process on the database. */
export async function nextTurn(db: Db) {
  const result = await sql<{
    turn: string;
  }>`SELECT nextval('voice_identity_turn')::text AS turn`.execute(db);
  return BigInt(result.rows[0]!.turn);
}

export async function recordIdentity(db: Db, callId: string, name: string) {
  await db
    .updateTable('call_logs')
    .set({ voice_identity: name })
    .where('id', '=', callId)
    .execute();
}

export async function callsPerIdentity(db: Db) {
  const rows = await db
    .selectFrom('call_logs')
    .select(['voice_identity', sql<number>`count(*)::int`.as('calls')])
    .where('voice_identity', 'is not', null)
    .groupBy('voice_identity')
    .execute();
  return new Map(rows.map((row) => [row.voice_identity!, row.calls]));
}
