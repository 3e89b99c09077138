import {
  okResponseSchema,
  resetAnswerRequestSchema,
  resetAnswerResponseSchema,
  resetPasswordRequestSchema,
  resetQuestionRequestSchema,
  resetQuestionResponseSchema,
  sessionResponseSchema,
  sessionUserResponseSchema,
  signInSchema,
} from '../../../shared/schemas/auth';
import {
  ANONYMOUS_BODY_LIMIT,
  type RoutesPlugin,
  authRateLimit,
  errorResponses,
} from '../../platform/routes';
import { OPTIONAL_SESSION } from '../../platform/api-docs';
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
        operationId: 'signIn',
        tags: ['session'],
        summary: 'Sign in with username and password; sets the session cookie',
        body: signInSchema,
        response: {
          200: sessionUserResponseSchema,
          ...errorResponses(401, 429, 500),
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
        operationId: 'signOut',
        tags: ['session'],
        summary: 'End the current session',
        response: { 200: okResponseSchema, ...errorResponses(409) },
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
        operationId: 'getCurrentUser',
        tags: ['session'],
        summary: 'The signed-in user',
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request) => ({ user: toSessionUser(requireSignedIn(request).user) }),
  );

  // What pages ask on load. Signed out is an answer here, not a refusal: a browser logs every
  // 4xx as a console error, so this says 200 where /api/auth/me says 401. A cookie whose
  // session has ended is left as /api/auth/me leaves it (the session row is already gone).
  app.get(
    '/api/auth/session',
    {
      config: { access: 'anyone' },
      schema: {
        operationId: 'getSession',
        tags: ['session'],
        summary: 'Who is signed in, if anyone: the user, or null without a live session',
        security: OPTIONAL_SESSION,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ({ user: request.auth ? toSessionUser(request.auth.user) : null }),
  );

  app.post(
    '/api/auth/reset/question',
    {
      config: { ...authRateLimit(ctx), access: 'anyone' },
      bodyLimit: ANONYMOUS_BODY_LIMIT,
      schema: {
        operationId: 'getResetQuestion',
        tags: ['password reset'],
        summary: 'Step 1: the security question of an admin account',
        body: resetQuestionRequestSchema,
        response: {
          200: resetQuestionResponseSchema,
          ...errorResponses(403, 404, 409),
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
        operationId: 'checkResetAnswer',
        tags: ['password reset'],
        summary: 'Step 2: check the answer; returns a single-use reset token valid 10 minutes',
        body: resetAnswerRequestSchema,
        response: {
          200: resetAnswerResponseSchema,
          ...errorResponses(403, 404, 409, 429),
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
        operationId: 'resetPassword',
        tags: ['password reset'],
        summary: 'Step 3: set the new password; signs the account out everywhere',
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errorResponses(500) },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.body, requestMeta(request));
      return { ok: true as const };
    },
  );
};
