import { sql } from 'kysely';
import { type Db, executePrepared } from '../../platform/database';
import {
  INSTANCE_KEY_PREFIX,
  connectionLastSeen,
  instanceBeat,
  instanceKey,
} from '../live/connection-liveness';

/**
 * Agents who may be offered a call now: status available, no open call, and at least one
 * live connection heard from since `freshSince`. The basis is when they last became
 * eligible — the latest of the status start, the last call's end and the oldest open
 * connection — so the offer delay counts from then, whichever process computes it; in a
 * queue, the agent idle longest has the earliest. `queueTeamId`: only that team's agents, for
 * its queue; without it, agents for per-agent offers: not of a team in queue mode or whose
 * callers still wait.
 */
export async function eligibleAgents(
  db: Db,
  freshSince: Date,
  { userIds, queueTeamId }: { userIds?: string[]; queueTeamId?: string } = {},
) {
  const only = userIds ? sql`AND s.user_id = ANY(${userIds}::uuid[])` : sql``;
  const route = queueTeamId
    ? sql`AND EXISTS (
        SELECT 1 FROM team_members m WHERE m.user_id = s.user_id AND m.team_id = ${queueTeamId})`
    : sql`AND NOT EXISTS (
        SELECT 1 FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = s.user_id AND (t.inbound_mode = 'queue' OR EXISTS (
          SELECT 1 FROM queue_callers q WHERE q.team_id = t.id AND q.ended_at IS NULL)))`;
  // Planned each time, not prepared: a generic plan of this search runs slower than a plan
  // made for each tick's values, its planning included.
  const result = await sql<{ user_id: string; basis: Date }>`
    SELECT s.user_id, greatest(s.started_at, last_call.ended_at, conn.opened_at) AS basis
    FROM employee_status_log s
    CROSS JOIN LATERAL (
      SELECT min(lc.opened_at) AS opened_at FROM live_connections lc
      WHERE lc.user_id = s.user_id AND lc.closed_at IS NULL
        AND ${connectionLastSeen('lc')} >= ${freshSince}
    ) conn
    LEFT JOIN LATERAL (
      SELECT c.ended_at FROM call_logs c WHERE c.user_id = s.user_id
      ORDER BY c.time_received DESC LIMIT 1
    ) last_call ON true
    WHERE s.ended_at IS NULL AND s.status = 'available' ${only} ${route}
      AND conn.opened_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM call_logs c WHERE c.user_id = s.user_id AND c.ended_at IS NULL)
    ORDER BY basis, s.user_id
  `.execute(db);
  return result.rows;
}

/**
 * Agents not there: no live connection heard from since `goneSince`, and since before then
 * either Available with no open call or in a call in progress (its id given). Calls must stop
 * going to them, and their call cannot go on (presence hygiene, crash recovery). `last_seen`:
 * when the last of their connections was last heard from (null: no row left).
 */
export async function absentAgents(
  db: Db,
  goneSince: Date,
  { userIds, callsOnly = false }: { userIds?: string[]; callsOnly?: boolean } = {},
) {
  const only = userIds ? sql`AND s.user_id = ANY(${userIds}::uuid[])` : sql``;
  const idle = callsOnly ? sql`false` : sql`(s.status = 'available' AND c.id IS NULL)`;
  const result = await sql<{ user_id: string; call_id: string | null; last_seen: Date | null }>`
    SELECT s.user_id, c.id AS call_id,
      (SELECT max(${connectionLastSeen('lc')}) FROM live_connections lc
        WHERE lc.user_id = s.user_id) AS last_seen
    FROM employee_status_log s
    LEFT JOIN call_logs c ON c.user_id = s.user_id AND c.ended_at IS NULL
    WHERE s.ended_at IS NULL AND s.started_at < ${goneSince} ${only}
      AND (${idle} OR c.call_status = 'answered')
      AND NOT EXISTS (
        SELECT 1 FROM live_connections lc
        WHERE lc.user_id = s.user_id AND ${connectionLastSeen('lc')} >= ${goneSince})
  `.execute(db);
  return result.rows;
}

/**
 * Of `userIds`, the agents Available with no open call whose last `count` offers since they
 * became Available all rang out (a decline in between breaks the run): calls must stop going
 * to them until they choose a status. An offer made the moment they chose Available was made
 * before it (an offer follows eligibility by the offer delay), and missed by the change.
 */
export async function agentsMissingInARow(db: Db, userIds: string[], count: number) {
  const result = await sql<{ user_id: string }>`
    SELECT s.user_id FROM employee_status_log s
    WHERE s.ended_at IS NULL AND s.status = 'available' AND s.user_id = ANY(${userIds}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM call_logs c WHERE c.user_id = s.user_id AND c.ended_at IS NULL)
      AND (SELECT count(*) FILTER (WHERE latest.call_status = 'missed') FROM (
          SELECT c.call_status FROM call_logs c
          WHERE c.user_id = s.user_id AND c.time_received > s.started_at
          ORDER BY c.time_received DESC LIMIT ${count}) latest) = ${count}
  `.execute(db);
  return result.rows.map((row) => row.user_id);
}

/**
 * Agents (of `userIds`, or all) whose After Call Work, set by the system when a call ended, has
 * lasted their team's limit by `now`: the system sets them Available.
 */
export async function overdueAfterCallWork(db: Db, now: Date, userIds?: string[]) {
  const only = userIds ? sql`AND s.user_id = ANY(${userIds}::uuid[])` : sql``;
  const result = await sql<{ user_id: string }>`
    SELECT s.user_id FROM employee_status_log s
    JOIN team_members m ON m.user_id = s.user_id
    JOIN teams t ON t.id = m.team_id
    WHERE s.ended_at IS NULL AND s.status = 'after_call' AND s.set_by = 'system' ${only}
      AND s.started_at + make_interval(secs => t.after_call_limit_seconds) <= ${now}
  `.execute(db);
  return result.rows.map((row) => row.user_id);
}

/**
 * Takes the locks of those of `userIds` no status change, call action or other process holds
 * now: the agents this tick may offer a call to (call in a transaction).
 */
export async function claimAgents(trx: Db, userIds: string[]) {
  const result = await sql<{ id: string }>`
    SELECT id FROM users WHERE id = ANY(${userIds}::uuid[]) FOR UPDATE SKIP LOCKED
  `.execute(trx);
  return result.rows.map((row) => row.id);
}

/** New ringing calls; an agent who somehow has an open call already gets none. */
export async function insertOffers(
  trx: Db,
  offers: {
    user_id: string;
    phone_number: string;
    time_received: Date;
    ring_deadline: Date;
    caller_id?: string;
  }[],
) {
  if (offers.length === 0) return [];
  const rows = await trx
    .insertInto('call_logs')
    .values(offers.map((offer) => ({ ...offer, call_type: 'inbound' as const })))
    .onConflict((oc) => oc.column('user_id').where('ended_at', 'is', null).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Rings past their deadline → missed, each claimed once (an answer holding it wins). */
export async function missExpiredRings(db: Db, now: Date) {
  const result = await executePrepared(
    db,
    sql<{ user_id: string }>`
      UPDATE call_logs SET call_status = 'missed', ended_at = ring_deadline
      WHERE call_status IS NULL AND id IN (
        SELECT id FROM call_logs WHERE call_status IS NULL AND ring_deadline <= ${now}
        FOR UPDATE SKIP LOCKED)
      RETURNING user_id
    `.compile(db),
  );
  return result.rows.map((row) => row.user_id);
}

/** Rings whose agent has had no live connection since `goneSince` → missed. */
export async function missAbandonedRings(db: Db, now: Date, goneSince: Date) {
  const result = await executePrepared(
    db,
    sql<{ user_id: string }>`
      UPDATE call_logs SET call_status = 'missed', ended_at = greatest(${now}::timestamptz, time_received)
      WHERE call_status IS NULL AND id IN (
        SELECT c.id FROM call_logs c
        WHERE c.call_status IS NULL
          AND NOT EXISTS (
            SELECT 1 FROM live_connections lc
            WHERE lc.user_id = c.user_id AND ${connectionLastSeen('lc')} >= ${goneSince})
        FOR UPDATE SKIP LOCKED)
      RETURNING user_id
    `.compile(db),
  );
  return result.rows.map((row) => row.user_id);
}

/** Whether some server process has beaten its heartbeat since `since`. */
export async function anyProcessAlive(db: Db, since: Date) {
  const result = await sql<{ alive: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM app_settings WHERE key LIKE ${`${INSTANCE_KEY_PREFIX}%`} AND ${instanceBeat} >= ${since}
    ) AS alive`.execute(db);
  return result.rows[0]!.alive;
}

/**
 * The heartbeat rows of earlier runs under `instanceName` go: they are dead, and their
 * connections now count as seen when they opened, long gone.
 */
export async function forgetEarlierRuns(db: Db, instanceName: string) {
  const earlierRuns = `${instanceKey(instanceName)}#`;
  await sql`DELETE FROM app_settings WHERE left(key, length(${earlierRuns})) = ${earlierRuns}`.execute(
    db,
  );
}

/**
 * The embedded database has one process: every connection row of an earlier run is gone,
 * and none of them counts as seen any more.
 */
export async function closeAllConnections(db: Db) {
  await sql`DELETE FROM live_connections`.execute(db);
  await sql`DELETE FROM app_settings WHERE key LIKE ${`${INSTANCE_KEY_PREFIX}%`}`.execute(db);
}

/**
 * Connection rows not heard from since `before` (closed, or of a dead process) can go, and so
 * can the heartbeat rows of processes gone since then.
 */
export async function pruneConnections(db: Db, before: Date) {
  await sql`DELETE FROM live_connections lc WHERE ${connectionLastSeen('lc')} < ${before}`.execute(
    db,
  );
  await sql`
    DELETE FROM app_settings WHERE key LIKE ${`${INSTANCE_KEY_PREFIX}%`} AND ${instanceBeat} < ${before}
  `.execute(db);
}
