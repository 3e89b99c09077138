import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { STATE_CHANGING_METHODS } from './security';

const WINDOW_MS = 60_000;

/** Whose writes a request counts against: the signed-in user, else the address. */
export function writerKey(request: FastifyRequest) {
  return request.auth ? `user:${request.auth.user.id}` : `address:${request.ip}`;
}

/**
 * At most `perMinute` state-changing requests (POST, PUT, PATCH, DELETE) to /api routes per
 * signed-in user per minute (anonymous ones per address), answered past that with 429 and
 * the standard error body. Register it after the session is resolved (`request.auth`).
 * Routes with a per-address limit of their own (sign-in, reset, setup: `authRateLimit`) are
 * counted by that one only, so a call floor signing in from one address at shift start meets
 * the limit that was set for it, not this one as well.
 * Counted in this process's memory (@fastify/rate-limit's store): with several processes
 * behind a balancer a user gets this many per process.
 */
export function registerWriteRateLimit(app: FastifyInstance, perMinute: number) {
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: writerKey,
  });
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const route = request.routeOptions;
    // Keyed on the matched route (decoded): an unknown path is a 404 whatever the count.
    if (!route.url?.startsWith('/api/') || route.config.rateLimit) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    const retryAfterSeconds = Math.max(1, result.ttlInSeconds);
    throw new AppError('RATE_LIMITED', {
      message: `Too many changes in a minute. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      retryAfterSeconds,
    });
  });
}
