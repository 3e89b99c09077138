import {
  okResponseSchema,
  resetAnswerRequestSchema,
  resetAnswerResponseSchema,
  resetPasswordRequestSchema,
  resetQuestionRequestSchema,
  resetQuestionResponseSchema,
  sessionUserResponseSchema,
  signInSchema,
} from '../../../shared/schemas/auth';
import {
  ANONYMOUS_BODY_LIMIT,
  type RoutesPlugin,
  authRateLimit,
  errorResponses,
} from '../../platform/routes';
import * as auth from './auth.service';
import {
  clearSessionCookie,
  requestMeta,
  requireSignedIn,
  setSessionCookie,
  toSessionUser,
} from './sessions';

export const authRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/api/auth/sign-in',
    {
      config: { ...authRateLimit(ctx), access: 'anyone' },
      bodyLimit: ANONYMOUS_BODY_LIMIT,
      schema: {
        tags: ['session'],
        summary: 'Sign in with username and password; sets the session cookie',
        body: signInSchema,
        response: {
          200: sessionUserResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.signIn(ctx, request.body, requestMeta(request));
      setSessionCookie(request, reply, token);
      return { user: toSessionUser(user) };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['session'],
        summary: 'End the current session',
        response: { 200: okResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const session = requireSignedIn(request);
      await auth.signOut(ctx, session, requestMeta(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user',
        response: { 200: sessionUserResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: toSessionUser(requireSignedIn(request).user) }),
  );

  app.post(
    '/api/auth/reset/question',
    {
      config: { ...authRateLimit(ctx), access: 'anyone' },
      bodyLimit: ANONYMOUS_BODY_LIMIT,
      schema: {
        tags: ['password reset'],
        summary: 'Step 1: the security question of an admin account',
        body: resetQuestionRequestSchema,
        response: {
          200: resetQuestionResponseSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request) => auth.resetQuestion(ctx, request.body.username),
  );

  app.post(
    '/api/auth/reset/answer',
    {
      config: { ...authRateLimit(ctx), access: 'anyone' },
      bodyLimit: ANONYMOUS_BODY_LIMIT,
      schema: {
        tags: ['password reset'],
        summary: 'Step 2: check the answer; returns a single-use reset token valid 10 minutes',
        body: resetAnswerRequestSchema,
        response: {
          200: resetAnswerResponseSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request) => auth.resetAnswer(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth/reset/password',
    {
      config: { ...authRateLimit(ctx), access: 'anyone' },
      bodyLimit: ANONYMOUS_BODY_LIMIT,
      schema: {
        tags: ['password reset'],
        summary: 'Step 3: set the new password; signs the account out everywhere',
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 403, 413, 415, 429, 500) },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.body, requestMeta(request));
      return { ok: true as const };
    },
  );
};
