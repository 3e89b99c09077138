import { randomBytes } from 'node:crypto';
import type { ResetPasswordInput, SignInInput } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import {
  hashPassword,
  spendVerifyTime,
  verifyAnswer,
  verifyPassword,
} from '../../platform/passwords';
import { recentAttempts, recordAudit } from '../audit/audit.service';
import * as repo from './auth.repository';
import { type AuthContext, hashToken, newToken } from './sessions';

const RESET_TOKEN_MINUTES = 10;
/** A session's last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

function idleMs(ctx: AppContext) {
  return ctx.config.sessionIdleHours * 3_600_000;
}

function windowMs(ctx: AppContext) {
  return ctx.config.rateLimits.windowMinutes * 60_000;
}

/** Failed attempts counted per username, across processes; over the limit answers 429. */
const attemptLimits = {
  'auth.sign_in_failed': { what: 'failed sign-in attempts', limit: 'signInFailuresPerUsername' },
  'auth.reset_answer_failed': { what: 'wrong answers', limit: 'resetAnswerFailuresPerUsername' },
} as const;

async function assertUnderAttemptLimit(
  ctx: AppContext,
  failure: keyof typeof attemptLimits,
  username: string,
  now: Date,
) {
  const { what, limit } = attemptLimits[failure];
  const failures = await recentAttempts(ctx.db, failure, username, windowMs(ctx), now);
  if (failures.count < ctx.config.rateLimits[limit]) return;
  const minutes = Math.ceil(failures.retryAfterSeconds / 60);
  throw new AppError('RATE_LIMITED', {
    message: `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds: failures.retryAfterSeconds,
  });
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
    await assertUnderAttemptLimit(ctx, 'auth.sign_in_failed', input.username, now);

    const account = await repo.findCredentialsByUsername(ctx.db, input.username);
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
  return ctx.db.transaction().execute((trx) => insertSession({ ...ctx, db: trx }, account, meta));
}

async function insertSession(
  ctx: AppContext,
  account: { id: string; username: string },
  meta: RequestMeta,
) {
  const now = ctx.clock.now();
  const token = newToken();
  // Expired sessions are pruned when their user next signs in, so the table stays small.
  await repo.deleteIdleSessionsOfUser(ctx.db, account.id, new Date(now.getTime() - idleMs(ctx)));
  await repo.insertSession(ctx.db, {
    userId: account.id,
    tokenHash: hashToken(ctx.config.sessionSecret, token),
    at: now,
    ...meta,
  });
  await recordAudit(ctx.db, {
    action: 'auth.sign_in',
    actor: account,
    target: { type: 'user', id: account.id, name: account.username },
    ip: meta.ip,
    at: now,
  });
  const user = await repo.findSessionUserById(ctx.db, account.id);
  if (!user) throw new AppError('NOT_FOUND');
  return { user, token };
}

/** The session a cookie token names, if it is still alive; each use extends it. */
export async function authenticate(ctx: AppContext, token: string): Promise<AuthContext | null> {
  const session = await repo.findSessionByTokenHash(
    ctx.db,
    hashToken(ctx.config.sessionSecret, token),
  );
  if (!session) return null;
  const now = ctx.clock.now();
  const idleFor = now.getTime() - session.last_seen_at.getTime();
  if (idleFor > idleMs(ctx)) {
    await repo.deleteSession(ctx.db, session.session_id);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) await repo.touchSession(ctx.db, session.session_id, now);
  const { session_id: sessionId, last_seen_at: _lastSeen, ...user } = session;
  return { sessionId, user };
}

export async function signOut(ctx: AppContext, auth: AuthContext, meta: RequestMeta) {
  await ctx.db.transaction().execute(async (trx) => {
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
  if (!account.security_question || !account.security_answer_hash) {
    throw new AppError('RESET_QUESTION_NOT_SET');
  }
  return {
    ...account,
    security_question: account.security_question,
    security_answer_hash: account.security_answer_hash,
  };
}

export async function resetQuestion(ctx: AppContext, username: string) {
  const account = await resettableAccount(ctx, username, 'RESET_USERNAME_NOT_FOUND');
  return { question: account.security_question };
}

export async function resetAnswer(
  ctx: AppContext,
  input: { username: string; answer: string },
  meta: RequestMeta,
) {
  const now = ctx.clock.now();
  await assertUnderAttemptLimit(ctx, 'auth.reset_answer_failed', input.username, now);

  const account = await resettableAccount(ctx, input.username, 'RESET_USER_NOT_FOUND');
  if (!(await verifyAnswer(account.security_answer_hash, input.answer))) {
    await recordAudit(ctx.db, {
      action: 'auth.reset_answer_failed',
      target: { type: 'user', id: account.id, name: input.username },
      ip: meta.ip,
      at: now,
    });
    throw new AppError('RESET_INCORRECT_ANSWER');
  }

  const resetToken = randomBytes(32).toString('base64url');
  await ctx.db.transaction().execute(async (trx) => {
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

/** Step 3: spends the token, sets the password and signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput, meta: RequestMeta) {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const token = await repo.consumeResetToken(
        trx,
        hashToken(ctx.config.sessionSecret, input.resetToken),
        now,
      );
      if (!token) throw new AppError('RESET_TOKEN_INVALID');
      const account = await repo.findSessionUserById(trx, token.user_id);
      if (!account || !(await repo.updatePasswordHash(trx, token.user_id, passwordHash))) {
        throw new AppError('RESET_USER_NOT_FOUND');
      }
      await repo.deleteSessionsOfUser(trx, token.user_id);
      await repo.deleteResetTokensOfUser(trx, token.user_id);
      await recordAudit(trx, {
        action: 'auth.reset_completed',
        actor: { id: account.id, username: account.username },
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
