import { sql } from 'kysely';
import type { FloorAgent } from '../../../shared/schemas/floor';
import { type AgentStatus, INITIAL_STATUS } from '../../../shared/statuses';
import type { Db } from '../../platform/database';
import type { EmployeeScope } from '../employees/employees.repository';
import { connectionLastSeen } from '../live/connection-liveness';

interface FloorRow {
  id: string;
  username: string;
  full_name: string | null;
  team_id: string | null;
  team_name: string | null;
  status: string | null;
  since: Date | null;
  is_connected: boolean;
  call_status: 'answered' | 'declined' | 'missed' | null;
  call_type: 'inbound' | 'outbound' | null;
  phone_number: string | null;
  time_received: Date | null;
  answered_at: Date | null;
}

/**
 * The floor in one query: each agent in `scope` (or only `ids`) with their open status
 * interval, open call and whether a live connection is open — each found through a unique
 * or leading index (one open interval, one open call per agent), so the cost grows with the
 * number of agents only. A connection whose process stopped refreshing it (crashed) is not
 * counted.
 */
export async function floorAgents(
  db: Db,
  scope: EmployeeScope,
  /** A live connection counts when its process refreshed it since then. */
  connectedSince: Date,
  ids?: readonly string[],
): Promise<FloorAgent[]> {
  if (ids?.length === 0) return [];
  const teamFilter = 'all' in scope ? sql`true` : sql`u.team_id = ${scope.teamId}`;
  const idFilter = ids ? sql`u.id = ANY(${[...ids]}::uuid[])` : sql`true`;
  const result = await sql<FloorRow>`
    SELECT u.id, u.username, info.full_name, u.team_id, t.name AS team_name,
           status_log.status, status_log.started_at AS since,
           EXISTS (
             SELECT 1 FROM live_connections c
             WHERE c.user_id = u.id AND c.closed_at IS NULL
               AND ${connectionLastSeen('c')} >= ${connectedSince}
           ) AS is_connected,
           call.call_status, call.call_type, call.phone_number, call.time_received,
           call.answered_at
    FROM users u
    LEFT JOIN employee_info info ON info.user_id = u.id
    LEFT JOIN teams t ON t.id = u.team_id
    LEFT JOIN employee_status_log status_log
      ON status_log.user_id = u.id AND status_log.ended_at IS NULL
    LEFT JOIN call_logs call ON call.user_id = u.id AND call.ended_at IS NULL
    WHERE u.role = 'employee' AND ${teamFilter} AND ${idFilter}
    ORDER BY u.username
  `.execute(db);
  return result.rows.map(toFloorAgent);
}

function toFloorAgent(row: FloorRow): FloorAgent {
  const callSince = row.answered_at ?? row.time_received;
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    teamId: row.team_id,
    teamName: row.team_name,
    status: (row.status as AgentStatus | null) ?? INITIAL_STATUS,
    since: row.since?.toISOString() ?? null,
    isConnected: row.is_connected,
    call:
      row.call_type && row.phone_number && callSince
        ? {
            phase: row.call_status === 'answered' ? 'active' : 'ringing',
            callType: row.call_type,
            phoneNumber: row.phone_number,
            since: callSince.toISOString(),
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
