import { sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';
import type { BatchStatement } from '../../platform/batches';
import { type Db, executePrepared } from '../../platform/database';

/**
 * The account a typed username names: the one whose key is the typed name's key, or one whose
 * key is the typed spelling itself (an account left without its key by a clash, see
 * 20261202T0100-username-keys), which then comes first.
 */
const byUsername = (username: string) =>
  sql<boolean>`users.username_key IN (${caselessKey(username)}, ${username})`;
const isExactSpelling = (username: string) => sql<boolean>`users.username_key = ${username}`;

/** Columns of the signed-in user, with the team's name and whether they lead it. */
function selectSessionUser(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .leftJoin('team_members', (join) =>
      join
        .onRef('team_members.user_id', '=', 'users.id')
        .onRef('team_members.team_id', '=', 'users.team_id'),
    )
    .select(sql<boolean>`coalesce(team_members.role = 'team_leader', false)`.as('is_team_leader'))
    .select([
      'users.id',
      'users.email',
      'users.username',
      'users.role',
      'users.is_super_admin',
      'users.team_id',
      'teams.name as team_name',
      'users.created_at',
      'users.updated_at',
    ]);
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserById>>>;

export function findSessionUserById(db: Db, userId: string) {
  return selectSessionUser(db).where('users.id', '=', userId).executeTakeFirst();
}

export function findCredentialsByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'role'])
    .where(byUsername(username))
    .orderBy(isExactSpelling(username), 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findResetAccountByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'security_question', 'security_answer_hash'])
    .where(byUsername(username))
    .orderBy(isExactSpelling(username), 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSession(
  db: Db,
  session: {
    userId: string;
    tokenHash: string;
    at: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  return db
    .insertInto('auth_sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.at,
      last_seen_at: session.at,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * The sessions of these token hashes with their users, one answer per hash (undefined: none).
 * Every signed-in request's first statement: prepared (see executePrepared), one text for any
 * number of hashes. Each hash is looked up on its own (a lateral subquery the planner cannot
 * flatten), through the indexes: planned as one join, the generic plan guessed 100 hashes and
 * scanned and hashed every session and user, far slower for the few hashes a batch holds.
 */
async function findSessionsByTokenHashes(db: Db, tokenHashes: readonly string[]) {
  const session = selectSessionUser(db)
    .innerJoin('auth_sessions', 'auth_sessions.user_id', 'users.id')
    .select([
      'auth_sessions.id as session_id',
      'auth_sessions.last_seen_at',
      'auth_sessions.token_hash',
    ])
    .where(sql<boolean>`auth_sessions.token_hash = wanted.token_hash`)
    .limit(1);
  const query = sql<Awaited<ReturnType<typeof session.execute>>[number]>`
    SELECT s.* FROM jsonb_array_elements_text(${JSON.stringify(tokenHashes)}::jsonb)
      AS wanted(token_hash)
    CROSS JOIN LATERAL (${session}) AS s`;
  const sessions = new Map(
    (await executePrepared(db, query.compile(db))).rows.map(({ token_hash, ...found }) => [
      token_hash,
      found,
    ]),
  );
  return tokenHashes.map((tokenHash) => sessions.get(tokenHash));
}

type SessionByToken = NonNullable<Awaited<ReturnType<typeof findSessionsByTokenHashes>>[number]>;

/**
 * The session of a token with its user, whatever its age (the caller decides expiry): a read,
 * one per signed-in request, so run in batches on the server's pool; a failed batch is not
 * retried hash by hash, as each alone would fail the same way.
 */
export const sessionLookupStatement: BatchStatement<string, SessionByToken | undefined> = {
  run: findSessionsByTokenHashes,
  rolledBack: () => false,
};

/** Sessions seen at these times, in one statement (a session twice: its latest time). */
async function touchSessions(db: Db, touches: readonly { sessionId: string; at: Date }[]) {
  const seen = JSON.stringify(touches.map(({ sessionId, at }) => ({ id: sessionId, at })));
  await executePrepared(
    db,
    sql`UPDATE auth_sessions AS s SET last_seen_at = greatest(s.last_seen_at, latest.at)
      FROM (SELECT touched.id, max(touched.at) AS at
        FROM jsonb_to_recordset(${seen}::jsonb) AS touched(id uuid, at timestamptz)
        GROUP BY touched.id) AS latest
      WHERE s.id = latest.id`.compile(db),
  );
  return touches.map(() => undefined);
}

/**
 * A session's use, written at most once every five minutes each (auth.service), in batches on the
 * server's pool: sessions minted together (a shift signing in, a restart) come due together,
 * and one by one they would be a burst of single-row transactions.
 */
export const sessionTouchStatement: BatchStatement<{ sessionId: string; at: Date }, undefined> = {
  run: touchSessions,
  rolledBack: () => false,
};

export async function deleteSession(db: Db, sessionId: string) {
  await db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string) {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** Sessions of one user idle since before a cutoff: expired, never to be used again. */
export async function deleteIdleSessionsOfUser(db: Db, userId: string, cutoff: Date) {
  await db
    .deleteFrom('auth_sessions')
    .where('user_id', '=', userId)
    .where('last_seen_at', '<', cutoff)
    .execute();
}

export async function insertResetToken(
  db: Db,
  token: { userId: string; tokenHash: string; at: Date; expiresAt: Date },
) {
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      created_at: token.at,
      expires_at: token.expiresAt,
    })
    .execute();
}

export function findUsableResetToken(db: Db, tokenHash: string, at: Date) {
  return db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Spends a reset token (only one caller can, only before it expires); returns its account. */
export function consumeResetToken(db: Db, tokenHash: string, at: Date) {
  return db
    .with('spent', (cte) =>
      cte
        .updateTable('password_reset_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('user_id'),
    )
    .selectFrom('spent')
    .innerJoin('users', 'users.id', 'spent.user_id')
    .select(['users.id', 'users.username'])
    .executeTakeFirst();
}

export async function deleteResetTokensOfUser(db: Db, userId: string) {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

export type AttemptKind = 'sign_in' | 'reset_answer' | 'current_password';

export async function insertAttempt(
  db: Db,
  attempt: { kind: AttemptKind; usernameKey: string; ip: string | null; at: Date },
) {
  const row = await db
    .insertInto('auth_attempts')
    .values({
      kind: attempt.kind,
      username_key: attempt.usernameKey,
      ip: attempt.ip,
      created_at: attempt.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Attempts of a kind since a moment, by username or by address, and the oldest of them. */
export async function countAttempts(
  db: Db,
  kind: AttemptKind,
  by: { usernameKey: string } | { ip: string },
  since: Date,
) {
  const row = await db
    .selectFrom('auth_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<Date | null>('created_at').as('oldest'),
    ])
    .where('kind', '=', kind)
    .where(
      'usernameKey' in by ? 'username_key' : 'ip',
      '=',
      'usernameKey' in by ? by.usernameKey : by.ip,
    )
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

export async function deleteAttempt(db: Db, id: string) {
  await db.deleteFrom('auth_attempts').where('id', '=', id).execute();
}

/** A proven identity clears its username's attempts of the given kinds. */
export async function deleteAttemptsOfUsername(
  db: Db,
  usernameKey: string,
  kinds: readonly AttemptKind[],
) {
  await db
    .deleteFrom('auth_attempts')
    .where('username_key', '=', usernameKey)
    .where('kind', 'in', kinds)
    .execute();
}

export async function deleteAttemptsBefore(db: Db, cutoff: Date) {
  await db.deleteFrom('auth_attempts').where('created_at', '<=', cutoff).execute();
}

/**
 * The session secret kept in the database: the first process to ask stores its candidate,
 * every later one (and every other process on the same database) reads that one back.
 */
export async function ensureSessionSecret(db: Db, candidate: string) {
  await db
    .insertInto('app_settings')
    .values({ key: 'session_secret', value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'session_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

export function findPasswordHash(db: Db, userId: string) {
  return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
}

export function listSessionsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('auth_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends one session of a user; false when the user has no such session. */
export async function deleteSessionOfUser(db: Db, userId: string, sessionId: string) {
  const result = await db
    .deleteFrom('auth_sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends every session of a user but one; the ids of those it ended. */
export async function deleteOtherSessionsOfUser(db: Db, userId: string, keepSessionId: string) {
  const rows = await db
    .deleteFrom('auth_sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
