import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../shared/schemas/auth';
import { AppError } from '../../platform/errors';
import type { SessionUserRow } from './auth.repository';

export const SESSION_COOKIE = 'switchboard_session';

/** The signed-in user of a request and the session it came with. */
export interface AuthContext {
  sessionId: string;
  user: SessionUserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** 256 random bits; only an HMAC of it is stored, so a database dump holds no live token. */
export function newToken() {
  return randomBytes(32).toString('base64url');
}

export function hashToken(secret: string, token: string) {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/**
 * A browser-session cookie (no Max-Age): the server alone decides expiry, by idle time, so an
 * agent active all shift is never cut off by a cookie that aged out.
 */
function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  } as const;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  void reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    is_super_admin: row.is_super_admin,
    team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
    is_team_leader: row.is_team_leader,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The signed-in user, or 401. */
export function requireSignedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('NOT_SIGNED_IN');
  return request.auth;
}

/** The signed-in user asking, or 401: whose scope and rules a service applies. */
export function actorOf(request: FastifyRequest) {
  return toSessionUser(requireSignedIn(request).user);
}

/** Who makes a change, from which session and address: for the rules and the audit entry. */
export function changeAuthorOf(request: FastifyRequest) {
  const auth = requireSignedIn(request);
  return { actor: toSessionUser(auth.user), sessionId: auth.sessionId, ip: request.ip ?? null };
}

/** Where a request came from, for sessions, limits and the audit log. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
  };
}
