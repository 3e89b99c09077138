import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import Fastify, { type FastifySchema, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { adminRoutes } from './modules/admins/admins.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { ensureRollupTimeZone } from './modules/analytics/rollups';
import { registerAccessControl } from './modules/auth/access';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate, resolveSessionSecret } from './modules/auth/auth.service';
import { SESSION_COOKIE } from './modules/auth/sessions';
import { type CallEngine, createCallEngine } from './modules/calls/call-engine';
import { callRoutes } from './modules/calls/calls.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { employeeRoutes } from './modules/employees/employees.routes';
import { healthRoutes } from './modules/health/health.routes';
import { floorRoutes } from './modules/floor/floor.routes';
import { floorAgentsOf, floorQueuesOf, floorScopesOf } from './modules/floor/floor.service';
import { type AgentChange, createLiveHub } from './modules/live/live-hub';
import { liveRoutes, onLiveSocketError } from './modules/live/live.routes';
import { meRoutes } from './modules/me/me.routes';
import { presenceRoutes } from './modules/presence/presence.routes';
import { readAgentStateBatched } from './modules/presence/presence.service';
import { listenForAgentChanges } from './modules/presence/agent-changes';
import { setupRoutes } from './modules/setup/setup.routes';
import { teamRoutes } from './modules/teams/teams.routes';
import { queueRoutes } from './modules/queues/queues.routes';
import { wrapUpRoutes } from './modules/wrap-up/wrap-up.routes';
import { voiceRoutes } from './modules/voice/voice.routes';
import { type AppContext, type Clock, systemClock } from './platform/context';
import type { DatabaseHandle } from './platform/database';
import { apiDocsUiOptions, openApiOptions } from './platform/api-docs';
import { AppError, registerErrorHandling } from './platform/errors';
import { registerJsonBodyParser } from './platform/json-body';
import { logRedaction } from './platform/logging';
import { registerSecurity, voiceProviderSources } from './platform/security';
import { fastifyTrustProxy } from './platform/trust-proxy';
import { registerWebApp } from './platform/web';
import { createPoolBatches } from './pool-batches';
import { registerWriteRateLimit } from './platform/write-rate-limit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AppOptions {
  clock?: Clock;
  /** Where the built web app is (default: dist/web). */
  webBuildDir?: string;
  /** True when no other process can use this database (embedded PGlite, locked). */
  soleProcess?: boolean;
  /** The call engine's source of randomness for callers' numbers (tests pin it). */
  random?: () => number;
  /** Where in the delay range each offer falls (default: a hash; tests pin it). */
  offerDelayFraction?: (userId: string, basis: Date) => number;
  /** Where log lines go (default: stdout); tests capture them. */
  logStream?: Writable;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/**
 * Zod validates and serializes, from the start: set after Fastify() (setValidatorCompiler),
 * Fastify would first have loaded its default compilers (ajv, fast-json-stringify's), a
 * noticeable share of start-up. Its types describe those compilers' factories; at run time a
 * factory may return any route compiler, as setValidatorCompiler takes.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole server — platform plugins, then each module, registered explicitly. */
export async function buildApp(
  config: Config,
  database: Pick<DatabaseHandle, 'db' | 'engineDb' | 'listen' | 'kind'>,
  options: AppOptions = {},
) {
  const { db } = database;
  const sessionSecret = await resolveSessionSecret(db, config.sessionSecret);
  await ensureRollupTimeZone(db, config.callCentreTimeZone);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: logRedaction,
      ...(options.logStream && { stream: options.logStream }),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: zodCompilers },
    // A caller's X-Request-Id is kept when it is a UUID (tracing across proxies); anything
    // else could forge or flood log lines, so it gets a fresh one.
    requestIdHeader: false,
    genReqId: (request) => {
      const offered = request.headers['x-request-id'];
      return typeof offered === 'string' && UUID.test(offered) ? offered : crypto.randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered (the permission matrix and the fuzz tests cover each one).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeList', routes);

  // This run of the server: its name (which a restart keeps) and a new id every start.
  const instanceName = config.instanceName ?? randomUUID();
  const hub = createLiveHub({
    db,
    instanceId: `${instanceName}#${randomUUID()}`,
    stateOf: (userId) => readAgentStateBatched(ctx, userId),
    floorOf: (scope, ids) => floorAgentsOf(ctx, scope, ids),
    queuesOf: (scope, teamIds) => floorQueuesOf(ctx, scope, teamIds),
    scopesOf: (userIds) => floorScopesOf(ctx, userIds),
    now: () => ctx.clock.now(),
    deadAfterMs: 2 * config.callEngine.heartbeatMs + 1000,
    sessionIdleMs: config.sessionIdleHours * 3_600_000,
    log: app.log,
  });
  const ctx: AppContext = {
    config: { ...config, sessionSecret },
    db,
    clock: options.clock ?? systemClock,
    live: hub,
    batches: createPoolBatches(database),
  };
  const callEngine = createCallEngine({
    ctx: { ...ctx, db: database.engineDb },
    hub,
    instanceName,
    random: options.random,
    offerDelayFraction: options.offerDelayFraction,
    log: app.log,
  });
  app.decorate('ctx', ctx);
  app.decorate('callEngine', callEngine);
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    const listeners = {
      receive(change: AgentChange) {
        callEngine.heard(change);
        hub.receive(change);
      },
      resendAll: () => hub.resendAll(),
    };
    stopListening = await listenForAgentChanges(ctx, database.listen, listeners, app.log);
    await callEngine.recover({ soleProcess: options.soleProcess ?? false });
    callEngine.start();
  });
  app.addHook('preClose', async () => {
    await callEngine.stop();
    await stopListening?.();
    await hub.close(ctx.clock.now());
  });

  registerErrorHandling(app);
  registerSecurity(app);
  registerJsonBodyParser(app);

  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4096 },
    errorHandler: onLiveSocketError,
  });
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

  await app.register(fastifySwagger, openApiOptions());
  await app.register(fastifySwaggerUi, apiDocsUiOptions(options.webBuildDir));

  // Who is asking: the session cookie, if any, resolved once per API request.
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // Keyed on the matched route (decoded), not the raw URL; static files need no session.
    const isApiRoute = request.routeOptions.url?.startsWith('/api/') ?? false;
    if (token && isApiRoute) request.auth = await authenticate(ctx, token);
  });
  // Counted per user, so after the session is resolved; refused writes count too.
  registerWriteRateLimit(app, config.rateLimits.writesPerMinute);
  registerAccessControl(app);
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'anyone' } }, () =>
    app.swagger(),
  );

  await app.register(healthRoutes, { ctx });
  await app.register(setupRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(teamRoutes, { ctx });
  await app.register(wrapUpRoutes, { ctx });
  await app.register(queueRoutes, { ctx });
  await app.register(employeeRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });
  await app.register(floorRoutes, { ctx });
  await app.register(presenceRoutes, { ctx });
  await app.register(meRoutes, { ctx });
  await app.register(callRoutes, { ctx });
  await app.register(liveRoutes, { ctx, hub });
  await app.register(voiceRoutes, { ctx });
  await app.register(auditRoutes, { ctx });

  // The page may reach the voice provider only when one is configured.
  const { identities, apiBaseUrl } = config.voice;
  await registerWebApp(
    app,
    options.webBuildDir,
    identities.length > 0 ? voiceProviderSources(apiBaseUrl) : undefined,
  );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context (tests call services directly with it). */
    ctx: AppContext;
    callEngine: CallEngine;
    /** Every route registered, in order (HEAD twins and static files included). */
    routeList: readonly RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
