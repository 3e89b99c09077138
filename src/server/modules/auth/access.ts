import type { FastifyInstance } from 'fastify';
import { canManageMembersOf } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';
import { AppError } from '../../platform/errors';
import { requireSignedIn, toSessionUser } from './sessions';

/** A rule of `shared/permissions.ts` on the caller (and the route's raw path parameters). */
export type AccessRule = (actor: SessionUser, params: Readonly<Record<string, string>>) => boolean;

/**
 * A team's routes (`:id`): its members, wrap-up and inbound settings are a super admin's or
 * that team's leader's to manage.
 */
export const leaderOfTeam: AccessRule = (actor, params) =>
  canManageMembersOf(actor, params.id ?? '');

/**
 * Who may call a route, declared in its `config`. 'anyone': no session needed (the route
 * decides anything more itself, as the live socket does); 'signedIn': any session; a rule:
 * a session the rule accepts. Services still check what depends on the data (scope, owner).
 */
export type Access = 'anyone' | 'signedIn' | AccessRule;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Paths the API docs plugin registers itself: the docs are public. */
const DOCS_PREFIX = '/api/docs';

/**
 * Access is checked as the request arrives, before its body is read or its input validated:
 * a caller without a session gets 401 and one the rule refuses 403, whatever they sent, so
 * no one learns an endpoint's input rules — or its data's existence — without the right to
 * call it. An /api route that declares no access fails the server's start.
 * Register after the session is resolved (`request.auth`).
 */
export function registerAccessControl(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
    if (route.config?.access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'anyone') return;
    const auth = requireSignedIn(request);
    if (access === 'signedIn') return;
    const params = request.params as Readonly<Record<string, string>>;
    if (!access(toSessionUser(auth.user), params)) throw new AppError('FORBIDDEN');
  });
}
