import { caselessKey } from '../../src/shared/caseless-key';
import { insertSession } from '../../src/server/modules/auth/auth.repository';
import { SESSION_COOKIE, hashToken, newToken } from '../../src/server/modules/auth/sessions';
import { insertTeam } from '../../src/server/modules/teams/teams.repository';
import { hashPassword } from '../../src/server/platform/passwords';
import type { Db } from '../../src/server/platform/database';

/**
 * The load benchmarks' own people, in a database of their own: a team of agents (employees,
 * as Register Employee makes them: user, employee_info, team membership) and supervisors
 * (admins without a team, so their live floor is every agent). Signing 1,000 agents in
 * through argon2 would cost minutes of CPU on two cores, so each gets a session minted the
 * way sign-in opens one (a random token; only its HMAC under the server's secret is stored,
 * by the auth repository's insertSession), and from then on everything goes through real
 * HTTP with that cookie and the real WebSocket.
 */
export interface SimUser {
  id: string;
  username: string;
  /** `switchboard_session=…`, as the browser sends it. */
  cookie: string;
}

export interface FloorStaff {
  teamId: string;
  agents: SimUser[];
  supervisors: SimUser[];
}

const CHUNK = 500;
const pad = (n: number) => String(n).padStart(4, '0');

async function insertUsers(
  db: Db,
  rows: { username: string; role: 'employee' | 'admin'; teamId: string | null }[],
  passwordHash: string,
  at: Date,
) {
  const ids: { id: string; username: string }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    ids.push(
      ...(await db
        .insertInto('users')
        .values(
          chunk.map((row) => ({
            username: row.username,
            username_key: caselessKey(row.username),
            password_hash: passwordHash,
            email: null,
            role: row.role,
            team_id: row.teamId,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning(['id', 'username'])
        .execute()),
    );
  }
  return ids;
}

/** A session for each user, as sign-in opens one (without the password check). */
export async function mintSessions(
  db: Db,
  secret: string,
  users: readonly { id: string; username: string }[],
  at = new Date(),
): Promise<SimUser[]> {
  const minted: SimUser[] = [];
  // A few at a time: the pool has ten connections.
  for (let i = 0; i < users.length; i += 10) {
    minted.push(
      ...(await Promise.all(
        users.slice(i, i + 10).map(async (user) => {
          const token = newToken();
          await insertSession(db, {
            userId: user.id,
            tokenHash: hashToken(secret, token),
            at,
            ip: '127.0.0.1',
            userAgent: 'switchboard-bench',
          });
          return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
        }),
      )),
    );
  }
  return minted;
}

/** `agents` employees in one new team and `supervisors` team-less admins, signed in. */
export async function createFloorStaff(
  db: Db,
  options: { agents: number; supervisors: number; secret: string; prefix: string },
): Promise<FloorStaff> {
  const at = new Date();
  // One real argon2 hash, shared: nobody signs in with it.
  const passwordHash = await hashPassword(`${options.prefix}-not-used-for-sign-in`);
  const team = await insertTeam(db, {
    name: `${options.prefix} floor`,
    description: 'load benchmark agents',
    createdBy: 'bench',
    at,
  });
  const agentRows = await insertUsers(
    db,
    Array.from({ length: options.agents }, (_, i) => ({
      username: `${options.prefix}-agent-${pad(i)}`,
      role: 'employee' as const,
      teamId: team.id,
    })),
    passwordHash,
    at,
  );
  for (let i = 0; i < agentRows.length; i += CHUNK) {
    const chunk = agentRows.slice(i, i + CHUNK);
    await db
      .insertInto('employee_info')
      .values(chunk.map((agent) => ({ user_id: agent.id, full_name: `Agent ${agent.username}` })))
      .execute();
    await db
      .insertInto('team_members')
      .values(
        chunk.map((agent) => ({
          team_id: team.id,
          user_id: agent.id,
          role: 'member' as const,
          created_at: at,
        })),
      )
      .execute();
  }
  return {
    teamId: team.id,
    agents: await mintSessions(db, options.secret, agentRows, at),
    supervisors: await createSupervisors(db, {
      count: options.supervisors,
      secret: options.secret,
      prefix: options.prefix,
      passwordHash,
      at,
    }),
  };
}

/** `count` team-less admins (their floor and analytics are every agent), signed in. */
export async function createSupervisors(
  db: Db,
  options: { count: number; secret: string; prefix: string; passwordHash?: string; at?: Date },
): Promise<SimUser[]> {
  const at = options.at ?? new Date();
  const passwordHash =
    options.passwordHash ?? (await hashPassword(`${options.prefix}-not-used-for-sign-in`));
  const rows = await insertUsers(
    db,
    Array.from({ length: options.count }, (_, i) => ({
      username: `${options.prefix}-supervisor-${pad(i)}`,
      role: 'admin' as const,
      teamId: null,
    })),
    passwordHash,
    at,
  );
  return mintSessions(db, options.secret, rows, at);
}

/** Existing users, by username, each with a session minted for them (in the order asked). */
export async function signInExisting(
  db: Db,
  secret: string,
  usernames: readonly string[],
): Promise<SimUser[]> {
  const users: { id: string; username: string }[] = [];
  for (let i = 0; i < usernames.length; i += CHUNK) {
    users.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', 'in', usernames.slice(i, i + CHUNK))
        .execute()),
    );
  }
  const idOf = new Map(users.map((user) => [user.username, user.id]));
  const missing = usernames.filter((username) => !idOf.has(username));
  if (missing.length > 0) throw new Error(`no such users: ${missing.slice(0, 5).join(', ')}`);
  return mintSessions(
    db,
    secret,
    usernames.map((username) => ({ id: idOf.get(username)!, username })),
  );
}
