import { sql } from 'kysely';
import type { InboundSettings } from '../../../shared/schemas/queues';
import type { Db } from '../../platform/database';

/** A team's name and inbound settings, as the API names them. */
export function teamInbound(db: Db, teamId: string) {
  return db
    .selectFrom('teams')
    .select([
      'name',
      'inbound_mode as mode',
      'calls_per_hour as callsPerHour',
      'patience_seconds as patienceSeconds',
      'service_level_seconds as serviceLevelSeconds',
      'service_level_target_percent as serviceLevelTargetPercent',
    ])
    .where('id', '=', teamId)
    .executeTakeFirst();
}

/**
 * Sets the team's inbound settings. A change of mode or rate draws the next arrival afresh
 * (the engine's next tick): a queue starts from its switch, at its new rate.
 */
export async function updateInbound(db: Db, teamId: string, settings: InboundSettings) {
  await db
    .updateTable('teams')
    .set({
      inbound_mode: settings.mode,
      calls_per_hour: settings.callsPerHour,
      patience_seconds: settings.patienceSeconds,
      service_level_seconds: settings.serviceLevelSeconds,
      service_level_target_percent: settings.serviceLevelTargetPercent,
      next_caller_at: sql<Date | null>`CASE
        WHEN inbound_mode = ${settings.mode} AND calls_per_hour = ${settings.callsPerHour}
        THEN next_caller_at END`,
    })
    .where('id', '=', teamId)
    .execute();
}

/**
 * The team's waiting callers (none ringing at an agent: those finish their ring first) end as
 * abandoned at `at`: the team is going.
 */
export async function abandonTeamCallers(db: Db, teamId: string, at: Date) {
  // Under the team's lock, which the engine holds while it offers the team's callers.
  await sql`SELECT 1 FROM teams WHERE id = ${teamId} FOR UPDATE`.execute(db);
  await sql`
    UPDATE queue_callers q SET outcome = 'abandoned', ended_at = greatest(${at}::timestamptz, q.arrived_at)
    WHERE q.team_id = ${teamId} AND q.ended_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM call_logs c WHERE c.caller_id = q.id AND c.call_status IS NULL)
  `.execute(db);
}

/**
 * Teams the engine has queue work for at `now`: in queue mode with a caller due (or none drawn
 * yet), or with callers waiting.
 */
export async function teamsWithQueueWork(db: Db, now: Date) {
  const result = await sql<{ team_id: string }>`
    SELECT t.id AS team_id FROM teams t
    WHERE t.inbound_mode = 'queue' AND (t.next_caller_at IS NULL OR t.next_caller_at <= ${now})
    UNION
    SELECT DISTINCT q.team_id FROM queue_callers q WHERE q.ended_at IS NULL AND q.team_id IS NOT NULL
  `.execute(db);
  return result.rows.map((row) => row.team_id);
}

/** The teams of this agent with callers waiting. */
export async function teamsWithCallersWaitingFor(db: Db, userId: string) {
  const result = await sql<{ team_id: string }>`
    SELECT m.team_id FROM team_members m
    WHERE m.user_id = ${userId} AND EXISTS (
      SELECT 1 FROM queue_callers q WHERE q.team_id = m.team_id AND q.ended_at IS NULL)
  `.execute(db);
  return result.rows.map((row) => row.team_id);
}

/** The team's queue settings under its lock, or nothing when another process holds it. */
export async function claimTeamQueue(trx: Db, teamId: string) {
  const result = await sql<{
    inbound_mode: 'per-agent' | 'queue';
    calls_per_hour: number;
    patience_seconds: number;
    next_caller_at: Date | null;
  }>`
    SELECT inbound_mode, calls_per_hour, patience_seconds, next_caller_at FROM teams
    WHERE id = ${teamId} FOR UPDATE SKIP LOCKED
  `.execute(trx);
  return result.rows[0];
}

export async function insertCallers(
  trx: Db,
  callers: { team_id: string; phone_number: string; arrived_at: Date; gives_up_at: Date | null }[],
) {
  if (callers.length > 0) await trx.insertInto('queue_callers').values(callers).execute();
}

export async function setNextCaller(trx: Db, teamId: string, at: Date | null) {
  await trx.updateTable('teams').set({ next_caller_at: at }).where('id', '=', teamId).execute();
}

/**
 * Callers whose patience ran out by `now` and who are not ringing at an agent end as abandoned
 * when it ran out, or when their last offer ended if that was later (a ring holds the caller).
 * `teamId` null: the callers of deleted teams, whose wait ends with their last ring.
 */
export async function abandonImpatientCallers(trx: Db, teamId: string | null, now: Date) {
  const lastRingEnd = sql`(SELECT max(c.ended_at) FROM call_logs c WHERE c.caller_id = q.id)`;
  const which =
    teamId === null
      ? { team: sql`q.team_id IS NULL`, ended: sql`coalesce(${lastRingEnd}, ${now}::timestamptz)` }
      : {
          team: sql`q.team_id = ${teamId} AND q.gives_up_at <= ${now}`,
          ended: sql`greatest(q.gives_up_at, ${lastRingEnd})`,
        };
  const result = await sql<{ id: string }>`
    UPDATE queue_callers q SET outcome = 'abandoned', ended_at = ${which.ended}
    WHERE q.id IN (
      SELECT q.id FROM queue_callers q
      WHERE ${which.team} AND q.ended_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM call_logs c WHERE c.caller_id = q.id AND c.call_status IS NULL)
      FOR UPDATE SKIP LOCKED)
    RETURNING q.id
  `.execute(trx);
  return result.rows.length;
}

/**
 * The team's callers waiting for an offer at `now`, first come first: none ringing at an agent,
 * or whose last ring ended after `now` (a decline committed while the tick ran).
 */
export async function waitingCallers(trx: Db, teamId: string, now: Date) {
  const result = await sql<{ id: string; phone_number: string }>`
    SELECT q.id, q.phone_number FROM queue_callers q
    WHERE q.team_id = ${teamId} AND q.ended_at IS NULL AND q.arrived_at <= ${now}
      AND NOT EXISTS (
        SELECT 1 FROM call_logs c
        WHERE c.caller_id = q.id AND (c.call_status IS NULL OR c.ended_at > ${now}))
    ORDER BY q.arrived_at, q.id
  `.execute(trx);
  return result.rows;
}
