import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { adminRoutes } from './modules/admins/admins.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate, resolveSessionSecret } from './modules/auth/auth.service';
import { SESSION_COOKIE } from './modules/auth/sessions';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { employeeRoutes } from './modules/employees/employees.routes';
import { healthRoutes } from './modules/health/health.routes';
import { meRoutes } from './modules/me/me.routes';
import { presenceRoutes } from './modules/presence/presence.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { teamRoutes } from './modules/teams/teams.routes';
import { type AppContext, type Clock, systemClock } from './platform/context';
import type { Db } from './platform/database';
import { AppError, registerErrorHandling } from './platform/errors';
import { registerSecurity } from './platform/security';
import { registerWebApp } from './platform/web';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AppOptions {
  clock?: Clock;
  /** Where the built web app is (default: dist/web). */
  webBuildDir?: string;
}

/** Builds the whole server — platform plugins, then each module, registered explicitly. */
export async function buildApp(config: Config, db: Db, options: AppOptions = {}) {
  const sessionSecret = await resolveSessionSecret(db, config.sessionSecret);
  const ctx: AppContext = {
    config: { ...config, sessionSecret },
    db,
    clock: options.clock ?? systemClock,
  };
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A caller's X-Request-Id is kept when it is a UUID (tracing across proxies); anything
    // else could forge or flood log lines, so it gets a fresh one.
    requestIdHeader: false,
    genReqId: (request) => {
      const offered = request.headers['x-request-id'];
      return typeof offered === 'string' && UUID.test(offered) ? offered : crypto.randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurity(app);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip ?? 'unknown',
    errorResponseBuilder: (_request, limit) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(limit.ttl / 1000));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      return new AppError('RATE_LIMITED', {
        message: `Too many requests from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        retryAfterSeconds,
      });
    },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Switchboard API',
        version: '1',
        description:
          'JSON under /api. Errors are `{ error: { code, message } }`. Sessions use an httpOnly cookie; state-changing requests must be JSON from the same origin.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  // Who is asking: the session cookie, if any, resolved once per API request.
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // Keyed on the matched route (decoded), not the raw URL; static files need no session.
    const isApiRoute = request.routeOptions.url?.startsWith('/api/') ?? false;
    if (token && isApiRoute) request.auth = await authenticate(ctx, token);
  });

  await app.register(healthRoutes, { ctx });
  await app.register(setupRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(teamRoutes, { ctx });
  await app.register(employeeRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(presenceRoutes, { ctx });
  await app.register(meRoutes, { ctx });

  await registerWebApp(app, options.webBuildDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
