import {
  adminAccountSchema,
  sessionUserResponseSchema,
  setupStatusSchema,
} from '../../../shared/schemas/auth';
import {
  ANONYMOUS_BODY_LIMIT,
  type RoutesPlugin,
  authRateLimit,
  errorResponses,
} from '../../platform/routes';
import { AppError } from '../../platform/errors';
import { openSession } from '../auth/auth.service';
import { requestMeta, setSessionCookie, toSessionUser } from '../auth/sessions';
import { completeSetup, isSetupNeeded } from './setup.service';

export const setupRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/setup',
    {
      config: { access: 'anyone' },
      schema: {
        operationId: 'getSetupStatus',
        tags: ['first run'],
        summary: 'Whether the first super admin still has to be created',
        response: { 200: setupStatusSchema },
      },
    },
    async () => ({ needed: await isSetupNeeded(ctx) }),
  );

  app.post(
    '/api/setup',
    {
      config: { ...authRateLimit(ctx), access: 'anyone' },
      bodyLimit: ANONYMOUS_BODY_LIMIT,
      // Closed once done, to anyone, before the body is read: after the per-address limit has
      // counted the request (its onRequest), and completeSetup checks again, atomically.
      preParsing: async () => {
        if (!(await isSetupNeeded(ctx))) throw new AppError('SETUP_ALREADY_DONE');
      },
      schema: {
        operationId: 'completeSetup',
        tags: ['first run'],
        summary: 'Create the first super admin (only while no user exists) and sign them in',
        body: adminAccountSchema,
        response: {
          200: sessionUserResponseSchema,
          ...errorResponses(403, 409),
        },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const admin = await completeSetup(ctx, request.body, meta);
      const { user, token } = await openSession(ctx, admin, meta);
      setSessionCookie(request, reply, token);
      return { user: toSessionUser(user) };
    },
  );
};
