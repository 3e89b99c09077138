import { randomBytes } from 'node:crypto';
import { caselessKey } from '../../../shared/caseless-key';
import type { ResetPasswordInput, SignInInput } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import {
  hashPassword,
  spendVerifyTime,
  verifyAnswer,
  verifyPassword,
} from '../../platform/passwords';
import { recordAudit } from '../audit/audit.service';
import { prepareSignOut } from '../presence/presence.service';
import * as repo from './auth.repository';
import { type AuthContext, type RequestMeta, hashToken, newToken } from './sessions';

const RESET_TOKEN_MINUTES = 10;
/**
 * A session's last_seen_at is written at most this often, not on every request: against a
 * 12-hour idle limit five minutes is exact enough, and a busy agent's session is written a few
 * times an hour rather than on every request.
 */
const TOUCH_EVERY_MS = 5 * 60_000;

function idleMs(ctx: AppContext) {
  return ctx.config.sessionIdleHours * 3_600_000;
}

const attemptLimits = {
  sign_in: { byName: 'failed sign-in attempts', limit: 'signInFailuresPerUsername' },
  reset_answer: { byName: 'wrong answers', limit: 'resetAnswerFailuresPerUsername' },
  current_password: { byName: 'wrong current passwords', limit: 'currentPasswordFailuresPerUser' },
} as const;

function tooManyAttempts(what: string, oldest: Date | null, windowMs: number, now: Date) {
  const retryAfterSeconds = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000))
    : Math.ceil(windowMs / 1000);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError('RATE_LIMITED', {
    message: `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  });
}

/**
 * Counts an attempt before it is tried, so concurrent tries cannot slip past the limits: per
 * username, and per address. Over a limit, the claim is withdrawn and the answer is 429. A
 * failed attempt keeps its row; a success clears the username's rows.
 */
async function claimAttempt(
  ctx: AppContext,
  kind: repo.AttemptKind,
  username: string,
  ip: string | null,
  now: Date,
) {
  const usernameKey = caselessKey(username);
  const windowMs = ctx.config.rateLimits.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  await repo.deleteAttemptsBefore(ctx.db, since);
  const attemptId = await repo.insertAttempt(ctx.db, { kind, usernameKey, ip, at: now });

  const { byName, limit } = attemptLimits[kind];
  const forName = await repo.countAttempts(ctx.db, kind, { usernameKey }, since);
  let refusal: AppError | undefined;
  if (forName.count > ctx.config.rateLimits[limit]) {
    refusal = tooManyAttempts(byName, forName.oldest, windowMs, now);
  } else if (ip) {
    const forAddress = await repo.countAttempts(ctx.db, kind, { ip }, since);
    if (forAddress.count > ctx.config.rateLimits.failuresPerAddress) {
      refusal = tooManyAttempts(
        'failed attempts from this address',
        forAddress.oldest,
        windowMs,
        now,
      );
    }
  }
  if (refusal) {
    await repo.deleteAttempt(ctx.db, attemptId);
    throw refusal;
  }
  return { attemptId, usernameKey };
}

/** Database trouble during sign-in is the spec's 'An error occurred during sign in'. */
async function orSignInError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('SIGN_IN_ERROR', { cause: error });
  }
}

export function signIn(ctx: AppContext, input: SignInInput, meta: RequestMeta) {
  return orSignInError(async () => {
    const now = ctx.clock.now();
    const { usernameKey } = await claimAttempt(ctx, 'sign_in', input.username, meta.ip, now);

    const account = await repo.findCredentialsByUsername(ctx.db, input.username);
    // An unknown username costs the same time as a wrong password: timing tells nothing.
    const isValid = account
      ? await verifyPassword(account.password_hash, input.password)
      : (await spendVerifyTime(input.password), false);
    if (!account || !isValid) {
      await recordAudit(ctx.db, {
        action: 'auth.sign_in_failed',
        actor: null,
        target: { type: 'user', id: account?.id ?? null, name: input.username },
        ip: meta.ip,
        at: now,
      });
      throw new AppError('INVALID_CREDENTIALS');
    }

    await repo.deleteAttemptsOfUsername(ctx.db, usernameKey, ['sign_in']);
    return openSession(ctx, account, meta);
  });
}

/**
 * Opens a session, in one transaction, for an account that has just proven who it is
 * (sign-in, first run); returns the user and the cookie token.
 */
export function openSession(
  ctx: AppContext,
  account: { id: string; username: string },
  meta: RequestMeta,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const token = newToken();
    // Expired sessions are pruned when their user next signs in, so the table stays small.
    await repo.deleteIdleSessionsOfUser(trx, account.id, new Date(now.getTime() - idleMs(ctx)));
    await repo.insertSession(trx, {
      userId: account.id,
      tokenHash: hashToken(ctx.config.sessionSecret, token),
      at: now,
      ...meta,
    });
    await recordAudit(trx, {
      action: 'auth.sign_in',
      actor: account,
      target: { type: 'user', id: account.id, name: account.username },
      ip: meta.ip,
      at: now,
    });
    const user = await repo.findSessionUserById(trx, account.id);
    if (!user) throw new AppError('NOT_FOUND');
    return { user, token };
  });
}

/**
 * A signed-in user changes their own password: the current one must be right; every other
 * session of theirs ends, this one stays. A session in someone else's hands could guess the
 * password here, so the checks are limited per user as sign-in is, on a counter of their own:
 * too many wrong guesses never lock the user out of signing in.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { currentPassword: string; password: string },
  meta: RequestMeta,
) {
  const now = ctx.clock.now();
  // Keyed by the user's id: the check is for a signed-in user, whatever their name becomes.
  const { usernameKey } = await claimAttempt(ctx, 'current_password', auth.user.id, meta.ip, now);
  const stored = await repo.findPasswordHash(ctx.db, auth.user.id);
  if (!stored || !(await verifyPassword(stored.password_hash, input.currentPassword))) {
    // Outside any transaction: the refusal must not take the entry with it.
    await recordAudit(ctx.db, {
      action: 'auth.current_password_failed',
      actor: auth.user,
      target: { type: 'user', id: auth.user.id, name: auth.user.username },
      ip: meta.ip,
      at: now,
    });
    throw new AppError('CURRENT_PASSWORD_WRONG', { field: 'currentPassword' });
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteAttemptsOfUsername(trx, usernameKey, ['current_password']);
    await repo.updatePasswordHash(trx, auth.user.id, passwordHash);
    await repo.deleteSessionsOfUser(trx, auth.user.id, auth.sessionId);
    await recordAudit(trx, {
      action: 'auth.password_changed',
      actor: auth.user,
      target: { type: 'user', id: auth.user.id, name: auth.user.username },
      ip: meta.ip,
      at: ctx.clock.now(),
    });
  });
}

/** The user's own sessions, most recently used first, marking the one asking. */
export async function listOwnSessions(ctx: AppContext, auth: AuthContext) {
  const rows = await repo.listSessionsOfUser(ctx.db, auth.user.id);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      ip: row.ip,
      user_agent: row.user_agent,
      current: row.id === auth.sessionId,
    })),
  };
}

/**
 * Ends one of the user's own sessions (another device, a forgotten browser). Ending the one
 * asking is a sign-out and follows its rule: an employee only from Gone Home, and their day's
 * session ends with it. Answers whether it was the one asking.
 */
export async function revokeOwnSession(
  ctx: AppContext,
  auth: AuthContext,
  sessionId: string,
  meta: RequestMeta,
) {
  const isCurrent = sessionId === auth.sessionId;
  await ctx.db.transaction().execute(async (trx) => {
    if (isCurrent) await prepareSignOut({ ...ctx, db: trx }, auth.user);
    if (!(await repo.deleteSessionOfUser(trx, auth.user.id, sessionId))) {
      throw new AppError('SESSION_NOT_FOUND');
    }
    await recordAudit(trx, {
      action: 'auth.session_revoked',
      actor: auth.user,
      target: { type: 'session', id: sessionId, name: auth.user.username },
      ip: meta.ip,
      at: ctx.clock.now(),
    });
  });
  return isCurrent;
}

/**
 * 'Sign out other sessions': ends every session of the user but the one asking, each recorded
 * as DELETE /api/me/sessions/:id records it; their live sockets close at the next heartbeat
 * (4401). Returns how many ended.
 */
export async function revokeOtherOwnSessions(
  ctx: AppContext,
  auth: AuthContext,
  meta: RequestMeta,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const ended = await repo.deleteOtherSessionsOfUser(trx, auth.user.id, auth.sessionId);
    const at = ctx.clock.now();
    for (const sessionId of ended) {
      await recordAudit(trx, {
        action: 'auth.session_revoked',
        actor: auth.user,
        target: { type: 'session', id: sessionId, name: auth.user.username },
        ip: meta.ip,
        at,
      });
    }
    return ended.length;
  });
}

/** Signs a user out everywhere, except (optionally) the session asking for it. */
export async function revokeSessions(ctx: AppContext, userId: string, exceptSessionId?: string) {
  await repo.deleteSessionsOfUser(ctx.db, userId, exceptSessionId);
}

/** SESSION_SECRET if configured, else the one generated once and kept in the database. */
export function resolveSessionSecret(db: Db, configured: string | undefined) {
  return configured ?? repo.ensureSessionSecret(db, randomBytes(48).toString('base64url'));
}

/**
 * The session a cookie token names, if it is still alive; each use extends it. The lookup and
 * the touch are batched with other requests' on the server's pool.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<AuthContext | null> {
  const session = await ctx.batches.sessionLookups.submit(
    hashToken(ctx.config.sessionSecret, token),
  );
  if (!session) return null;
  const now = ctx.clock.now();
  const idleFor = now.getTime() - session.last_seen_at.getTime();
  if (idleFor > idleMs(ctx)) {
    await repo.deleteSession(ctx.db, session.session_id);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await ctx.batches.sessionTouches.submit({ sessionId: session.session_id, at: now });
  }
  const { session_id: sessionId, last_seen_at: _lastSeen, ...user } = session;
  return { sessionId, user };
}

export async function signOut(ctx: AppContext, auth: AuthContext, meta: RequestMeta) {
  await ctx.db.transaction().execute(async (trx) => {
    await prepareSignOut({ ...ctx, db: trx }, auth.user);
    await repo.deleteSession(trx, auth.sessionId);
    await recordAudit(trx, {
      action: 'auth.sign_out',
      actor: { id: auth.user.id, username: auth.user.username },
      target: { type: 'user', id: auth.user.id, name: auth.user.username },
      ip: meta.ip,
      at: ctx.clock.now(),
    });
  });
}

/** The account a reset may proceed for, or the spec's reason it may not. */
async function resettableAccount(
  ctx: AppContext,
  username: string,
  notFound: 'RESET_USERNAME_NOT_FOUND' | 'RESET_USER_NOT_FOUND',
) {
  const account = await repo.findResetAccountByUsername(ctx.db, username);
  if (!account) throw new AppError(notFound);
  if (account.role === 'employee') throw new AppError('RESET_EMPLOYEE_REFUSED');
  const { security_question: question, security_answer_hash: answerHash } = account;
  if (!question || !answerHash) throw new AppError('RESET_QUESTION_NOT_SET');
  return { id: account.id, username: account.username, question, answerHash };
}

export async function resetQuestion(ctx: AppContext, username: string) {
  const account = await resettableAccount(ctx, username, 'RESET_USERNAME_NOT_FOUND');
  return { question: account.question };
}

export async function resetAnswer(
  ctx: AppContext,
  input: { username: string; answer: string },
  meta: RequestMeta,
) {
  const now = ctx.clock.now();
  // Every failure of this step counts, unknown usernames included: it bounds enumeration too.
  const { usernameKey } = await claimAttempt(ctx, 'reset_answer', input.username, meta.ip, now);
  const account = await resettableAccount(ctx, input.username, 'RESET_USER_NOT_FOUND');
  if (!(await verifyAnswer(account.answerHash, input.answer))) {
    await recordAudit(ctx.db, {
      action: 'auth.reset_answer_failed',
      // The account's own spelling, as every other entry names it (not as typed).
      target: { type: 'user', id: account.id, name: account.username },
      ip: meta.ip,
      at: now,
    });
    throw new AppError('RESET_INCORRECT_ANSWER');
  }

  const resetToken = randomBytes(32).toString('base64url');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteAttemptsOfUsername(trx, usernameKey, ['reset_answer']);
    // Only the newest reset of an account is valid.
    await repo.deleteResetTokensOfUser(trx, account.id);
    await repo.insertResetToken(trx, {
      userId: account.id,
      tokenHash: hashToken(ctx.config.sessionSecret, resetToken),
      at: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
  });
  return { resetToken };
}

/**
 * Step 3: spends the token, sets the password, clears the account's attempt limits and signs
 * it out everywhere. The token is checked before the (costly) hashing.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput, meta: RequestMeta) {
  const now = ctx.clock.now();
  const tokenHash = hashToken(ctx.config.sessionSecret, input.resetToken);
  try {
    if (!(await repo.findUsableResetToken(ctx.db, tokenHash, now))) {
      throw new AppError('RESET_TOKEN_INVALID');
    }
    const passwordHash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      // Spent atomically: of two concurrent uses, one finds it gone.
      const account = await repo.consumeResetToken(trx, tokenHash, now);
      if (!account) throw new AppError('RESET_TOKEN_INVALID');
      await repo.updatePasswordHash(trx, account.id, passwordHash);
      await repo.deleteSessionsOfUser(trx, account.id);
      await repo.deleteResetTokensOfUser(trx, account.id);
      await repo.deleteAttemptsOfUsername(trx, caselessKey(account.username), [
        'sign_in',
        'reset_answer',
      ]);
      await recordAudit(trx, {
        action: 'auth.reset_completed',
        actor: account,
        target: { type: 'user', id: account.id, name: account.username },
        ip: meta.ip,
        at: now,
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('RESET_FAILED', { cause: error });
  }
}
