import { type Expression, type SqlBool, sql } from 'kysely';
import type {
  FloorAgent,
  FloorListQuery,
  FloorQueue,
  FloorSortColumn,
} from '../../../shared/schemas/floor';
import { type AgentStatus, INITIAL_STATUS, agentStatuses } from '../../../shared/statuses';
import type { Db } from '../../platform/database';
import {
  type PageWindow,
  countAllAndMatching,
  direction,
  toCounts,
} from '../../platform/list-page';
import { containsText } from '../accounts/accounts.repository';
import type { EmployeeScope } from '../employees/employees.repository';
import { connectionLastSeen } from '../live/connection-liveness';
import { callerCounts } from '../queues/queue-analytics.repository';
import * as staffing from '../queues/staffing';

interface FloorRow {
  id: string;
  username: string;
  username_key: string;
  full_name: string | null;
  team_id: string | null;
  team_name: string | null;
  status: AgentStatus;
  since: Date | null;
  is_connected: boolean;
  call_status: 'answered' | 'declined' | 'missed' | null;
  call_type: 'inbound' | 'outbound' | null;
  phone_number: string | null;
  /** When the call in progress rang or was answered; null without one. */
  call_since: Date | null;
}

/**
 * The floor, one row per agent in `scope` (or only `ids`), as a subquery `f`: the open status
 * interval (Gone Home before any), the open call and whether a live connection is open — each
 * found through a unique or leading index (one open interval, one open call per agent), so the
 * cost grows with the number of agents only. A connection whose process stopped refreshing it
 * (crashed) is not counted.
 */
function floorRows(
  scope: EmployeeScope,
  /** A live connection counts when its process refreshed it since then. */
  connectedSince: Date,
  ids?: readonly string[],
) {
  const teamFilter = 'all' in scope ? sql`true` : sql`u.team_id = ${scope.teamId}`;
  const idFilter = ids ? sql`u.id = ANY(${[...ids]}::uuid[])` : sql`true`;
  return sql<FloorRow>`(
    SELECT u.id, u.username, u.username_key, info.full_name, u.team_id, t.name AS team_name,
           coalesce(status_log.status, ${INITIAL_STATUS}) AS status,
           status_log.started_at AS since,
           EXISTS (
             SELECT 1 FROM live_connections c
             WHERE c.user_id = u.id AND c.closed_at IS NULL
               AND ${connectionLastSeen('c')} >= ${connectedSince}
           ) AS is_connected,
           call.call_status, call.call_type, call.phone_number,
           CASE WHEN call.call_type IS NOT NULL AND call.phone_number IS NOT NULL
             THEN coalesce(call.answered_at, call.time_received) END AS call_since
    FROM users u
    LEFT JOIN employee_info info ON info.user_id = u.id
    LEFT JOIN teams t ON t.id = u.team_id
    LEFT JOIN employee_status_log status_log
      ON status_log.user_id = u.id AND status_log.ended_at IS NULL
    LEFT JOIN call_logs call ON call.user_id = u.id AND call.ended_at IS NULL
    WHERE u.role = 'employee' AND ${teamFilter} AND ${idFilter}
  )`.as('f');
}

/** The floor entries of everyone in `scope`, or of only these agents, by username. */
export async function floorAgents(
  db: Db,
  scope: EmployeeScope,
  connectedSince: Date,
  ids?: readonly string[],
): Promise<FloorAgent[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .selectFrom(floorRows(scope, connectedSince, ids))
    .selectAll()
    .orderBy('f.username_key')
    .orderBy('f.id')
    .execute();
  return rows.map(toFloorAgent);
}

/** The search matches the username, the full name or the team's name, ignoring case. */
function matchesQuery(query: Pick<FloorListQuery, 'search' | 'status'>) {
  const conditions: Expression<SqlBool>[] = [];
  if (query.search) {
    const text = query.search;
    conditions.push(
      sql<SqlBool>`(${containsText('f.username', text)} OR ${containsText('f.full_name', text)}
        OR ${containsText('f.team_name', text)})`,
    );
  }
  if (query.status) conditions.push(sql<SqlBool>`f.status = ${query.status}`);
  if (conditions.length === 0) return undefined;
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * What each column sorts by: the times as they are shown, time in status and call duration up
 * to `now`, so ascending is the shortest first.
 */
function sortExpression(column: FloorSortColumn, now: Date) {
  switch (column) {
    case 'username':
      return sql`f.username_key`;
    case 'team':
      return sql`lower(f.team_name)`;
    case 'status':
      return sql`array_position(${[...agentStatuses]}::text[], f.status)`;
    case 'since':
      return sql`${now}::timestamptz - f.since`;
    case 'call':
      return sql`${now}::timestamptz - f.call_since`;
    case 'softphone':
      return sql`f.is_connected`;
  }
}

/** A page of the floor, by username unless sorted; ties by username, then id. */
export async function floorPage(
  db: Db,
  scope: EmployeeScope,
  connectedSince: Date,
  query: FloorListQuery,
  now: Date,
  window: PageWindow,
): Promise<FloorAgent[]> {
  const matches = matchesQuery(query);
  const sort = query.sort ?? { column: 'username', descending: false };
  const rows = await db
    .selectFrom(floorRows(scope, connectedSince))
    .selectAll()
    .$if(matches !== undefined, (rows) => rows.where(matches!))
    .orderBy(sortExpression(sort.column, now), direction(sort.descending))
    .orderBy('f.username_key')
    .orderBy('f.id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  return rows.map(toFloorAgent);
}

/** The agents in the scope, how many the search and filter match, and how many per status. */
export async function countFloor(
  db: Db,
  scope: EmployeeScope,
  connectedSince: Date,
  query: Pick<FloorListQuery, 'search' | 'status'>,
) {
  const rows = await db
    .selectFrom(floorRows(scope, connectedSince))
    .select(['f.status', ...countAllAndMatching(matchesQuery(query))])
    .groupBy('f.status')
    .execute();
  const statusCounts = Object.fromEntries(agentStatuses.map((status) => [status, 0])) as Record<
    AgentStatus,
    number
  >;
  let total = 0;
  let matching = 0;
  for (const row of rows) {
    const counts = toCounts(row);
    statusCounts[row.status] = counts.total;
    total += counts.total;
    matching += counts.matching;
  }
  return { total, matching, statusCounts };
}

function toFloorAgent(row: FloorRow): FloorAgent {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    teamId: row.team_id,
    teamName: row.team_name,
    status: row.status,
    since: row.since?.toISOString() ?? null,
    isConnected: row.is_connected,
    call:
      row.call_type && row.phone_number && row.call_since
        ? {
            phase: row.call_status === 'answered' ? 'active' : 'ringing',
            callType: row.call_type,
            phoneNumber: row.phone_number,
            since: row.call_since.toISOString(),
          }
        : null,
  };
}

export function adminsTeams(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'is_super_admin', 'team_id'])
    .where('id', 'in', [...ids])
    .where('role', '=', 'admin')
    .execute();
}

interface FloorQueueRow {
  team_id: string;
  team_name: string;
  mode: 'per-agent' | 'queue';
  calls_waiting: number;
  oldest_arrived_at: Date | null;
  answered: number;
  abandoned: number;
  answered_within: number;
  speed_of_answer: number | null;
  service_level_seconds: number;
  service_level_target_percent: number;
  agents_available: number;
  calls_per_hour: number;
  calls_last_hour: number;
  hour_of_history: boolean;
  handle_seconds: number | null;
}

/**
 * The queues of the teams in `scope` (or only `teamIds`) by name: each team in queue mode or
 * with callers still waiting. Today is the day of `now` in `zone`, counted by arrival; each
 * figure comes from the callers' rows (the waiting through their partial index). Agents
 * needed: Erlang C on the last hour's arrivals (the configured rate until the queue has an
 * hour of history) and the recent handle time (`recentHandleSeconds`).
 */
export async function floorQueues(
  db: Db,
  scope: EmployeeScope,
  now: Date,
  zone: string,
  teamIds?: readonly string[],
) {
  const teamFilter = 'all' in scope ? sql`true` : sql`t.id = ${scope.teamId}`;
  const idFilter = teamIds ? sql`t.id = ANY(${[...teamIds]}::uuid[])` : sql`true`;
  const result = await sql<FloorQueueRow>`
    SELECT t.id AS team_id, t.name AS team_name, t.inbound_mode AS mode,
      t.service_level_seconds, t.service_level_target_percent, t.calls_per_hour,
      waiting.calls_waiting, waiting.oldest_arrived_at,
      today.answered, today.abandoned, today.answered_within, today.speed_of_answer,
      available.agents_available, recent.calls_last_hour, recent.hour_of_history,
      handling.handle_seconds
    FROM teams t
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS calls_waiting, min(q.arrived_at) AS oldest_arrived_at
      FROM queue_callers q WHERE q.team_id = t.id AND q.ended_at IS NULL
    ) waiting
    CROSS JOIN LATERAL (
      SELECT ${callerCounts} FROM queue_callers q
      WHERE q.team_id = t.id AND q.ended_at IS NOT NULL
        AND q.arrived_at >= date_trunc('day', ${now}::timestamptz AT TIME ZONE ${zone}) AT TIME ZONE ${zone}
    ) today
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS agents_available FROM team_members m
      JOIN employee_status_log s ON s.user_id = m.user_id AND s.ended_at IS NULL
      WHERE m.team_id = t.id AND s.status = 'available'
        AND NOT EXISTS (SELECT 1 FROM call_logs c WHERE c.user_id = m.user_id AND c.ended_at IS NULL)
    ) available
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS calls_last_hour,
        EXISTS (SELECT 1 FROM queue_callers h WHERE h.team_id = t.id
          AND h.arrived_at <= ${now}::timestamptz - interval '1 hour') AS hour_of_history
      FROM queue_callers q
      WHERE q.team_id = t.id AND q.arrived_at > ${now}::timestamptz - interval '1 hour'
    ) recent
    CROSS JOIN LATERAL (${staffing.recentHandleSeconds(sql`t.id`, now)}) handling
    WHERE (t.inbound_mode = 'queue' OR waiting.calls_waiting > 0) AND ${teamFilter} AND ${idFilter}
    ORDER BY t.name_key
  `.execute(db);
  return result.rows.map((row): FloorQueue => ({
    teamId: row.team_id,
    teamName: row.team_name,
    mode: row.mode,
    callsWaiting: row.calls_waiting,
    oldestArrivedAt: row.oldest_arrived_at?.toISOString() ?? null,
    answeredToday: row.answered,
    abandonedToday: row.abandoned,
    serviceLevelPercent: staffing.serviceLevelPercent(row),
    serviceLevelSeconds: row.service_level_seconds,
    serviceLevelTargetPercent: row.service_level_target_percent,
    speedOfAnswerSeconds: row.speed_of_answer,
    agentsAvailable: row.agents_available,
    agentsNeeded: staffing.agentsNeededFor(
      row.hour_of_history ? row.calls_last_hour : row.calls_per_hour,
      row.handle_seconds,
      row,
    ),
  }));
}
