import { sql } from 'kysely';
import type { Db } from '../../platform/database';

const byUsername = (username: string) =>
  sql<boolean>`lower(users.username) = ${username.toLowerCase()}`;

/** Columns of the signed-in user, with the team's name. */
function selectSessionUser(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
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
    .executeTakeFirst();
}

export function findResetAccountByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'security_question', 'security_answer_hash'])
    .where(byUsername(username))
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

/** The session of a token with its user, whatever its age (the caller decides expiry). */
export function findSessionByTokenHash(db: Db, tokenHash: string) {
  return selectSessionUser(db)
    .innerJoin('auth_sessions', 'auth_sessions.user_id', 'users.id')
    .select(['auth_sessions.id as session_id', 'auth_sessions.last_seen_at'])
    .where('auth_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: string, at: Date) {
  await db
    .updateTable('auth_sessions')
    .set({ last_seen_at: at })
    .where('id', '=', sessionId)
    .execute();
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string) {
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
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

/** Spends a reset token: only one caller can, and only before it expires. */
export function consumeResetToken(db: Db, tokenHash: string, at: Date) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['user_id'])
    .executeTakeFirst();
}

export async function deleteResetTokensOfUser(db: Db, userId: string) {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string) {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
