import { sql } from 'kysely';
import type { Db } from '../../platform/database';

/** The agent's calls with the name of their wrap-up code, if any. */
function callsOf(db: Db, userId: string) {
  return db
    .selectFrom('call_logs as c')
    .leftJoin('wrap_up_codes as w', 'w.id', 'c.wrap_up_code_id')
    .select([
      'c.id',
      'c.phone_number',
      'c.call_type',
      'c.call_status',
      'c.time_received',
      'c.answered_at',
      'c.ended_at',
      'c.duration_seconds',
      'c.ring_deadline',
      'c.notes',
      'c.wrap_up_code_id',
      'w.name as wrap_up_code_name',
    ])
    .where('c.user_id', '=', userId);
}

export function findOwnCall(db: Db, userId: string, callId: string) {
  return callsOf(db, userId).where('c.id', '=', callId).executeTakeFirst();
}

/** Notes go with a call that was answered, declined or missed, not a ringing offer. */
export async function updateNotes(db: Db, userId: string, callId: string, notes: string) {
  const result = await db
    .updateTable('call_logs')
    .set({ notes })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The Activity Log: the latest calls with an outcome (a ringing offer has none yet). */
export function recentCalls(db: Db, userId: string, limit: number) {
  return callsOf(db, userId)
    .where('c.call_status', 'is not', null)
    .orderBy('c.time_received', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

export type CallRow = Awaited<ReturnType<typeof recentCalls>>[number];

/**
 * Whether the agent may still choose the call's wrap-up code: it is the call whose wrap-up is
 * open (db/sql/agent-actions.sql `agent_wrap_up_call`; call with the agent locked).
 */
export async function isWrapUpOpen(db: Db, userId: string, callId: string) {
  const row = await sql<{ open: boolean | null }>`
    SELECT agent_wrap_up_call(${userId}::uuid) = ${callId}::uuid AS open
  `.execute(db);
  return row.rows[0]?.open === true;
}

export async function setWrapUpCode(db: Db, callId: string, codeId: string | null) {
  await db
    .updateTable('call_logs')
    .set({ wrap_up_code_id: codeId })
    .where('id', '=', callId)
    .execute();
}

/** Lines of a call's transcript; a line number already kept is left as it is (a retry). */
export async function appendTranscript(
  db: Db,
  callId: string,
  lines: { line: number; speaker: 'caller' | 'agent'; text: string; at: string }[],
) {
  await db
    .insertInto('call_transcript_lines')
    .values(
      lines.map(({ line, speaker, text, at }) => ({ call_id: callId, line, speaker, text, at })),
    )
    .onConflict((oc) => oc.columns(['call_id', 'line']).doNothing())
    .execute();
}

export function transcriptOf(db: Db, callId: string) {
  return db
    .selectFrom('call_transcript_lines')
    .select(['speaker', 'text', 'at'])
    .where('call_id', '=', callId)
    .orderBy('line')
    .execute();
}
