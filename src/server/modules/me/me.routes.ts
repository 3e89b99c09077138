import { isAgent } from '../../../shared/permissions';
import { okResponseSchema } from '../../../shared/schemas/auth';
import {
  authSessionListSchema,
  otherSessionsEndedSchema,
  passwordChangeSchema,
  profileResponseSchema,
  profileUpdateSchema,
} from '../../../shared/schemas/me';
import { idParamsSchema } from '../../../shared/schemas/admins';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import {
  changeOwnPassword,
  listOwnSessions,
  revokeOtherOwnSessions,
  revokeOwnSession,
} from '../auth/auth.service';
import {
  actorOf,
  changeAuthorOf,
  clearSessionCookie,
  requestMeta,
  requireSignedIn,
} from '../auth/sessions';
import { getProfile, updateProfile } from './me.service';

/** The signed-in user's own account: profile, password, sessions. */
export const meRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/me/profile',
    {
      config: { access: 'signedIn' },
      schema: {
        operationId: 'getProfile',
        tags: ['me'],
        summary: 'Your username, team and (employees) full name',
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({ profile: await getProfile(ctx, actorOf(request)) }),
  );

  app.patch(
    '/api/me/profile',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'updateProfile',
        tags: ['me'],
        summary: 'Set your full name (employees; an empty name clears it)',
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const { actor, ip } = changeAuthorOf(request);
      return { profile: await updateProfile(ctx, actor, request.body.fullName, ip) };
    },
  );

  app.post(
    '/api/me/password',
    {
      config: { access: 'signedIn' },
      schema: {
        operationId: 'changePassword',
        tags: ['me'],
        summary:
          'Change your password; your other sessions end. Wrong current passwords are limited per user (429)',
        body: passwordChangeSchema,
        response: { 200: okResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await changeOwnPassword(ctx, requireSignedIn(request), request.body, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me/sessions',
    {
      config: { access: 'signedIn' },
      schema: {
        operationId: 'listMySessions',
        tags: ['me'],
        summary: 'Your signed-in sessions, the current one marked',
        response: { 200: authSessionListSchema },
      },
    },
    async (request) => listOwnSessions(ctx, requireSignedIn(request)),
  );

  app.delete(
    '/api/me/sessions',
    {
      config: { access: 'signedIn' },
      schema: {
        operationId: 'signOutOtherSessions',
        tags: ['me'],
        summary: 'Sign out your other sessions; this one stays signed in',
        response: { 200: otherSessionsEndedSchema },
      },
    },
    async (request) => ({
      ended: await revokeOtherOwnSessions(ctx, requireSignedIn(request), requestMeta(request)),
    }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        operationId: 'endMySession',
        tags: ['me'],
        summary:
          'End one of your sessions; ending this one is a sign-out (employees: from Gone Home only, 409)',
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const wasCurrent = await revokeOwnSession(
        ctx,
        requireSignedIn(request),
        request.params.id,
        requestMeta(request),
      );
      if (wasCurrent) clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};
