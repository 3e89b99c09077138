import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../shared/schemas/errors';
import type { AppContext } from './context';

export type RoutesPlugin = FastifyPluginAsyncZod<{ ctx: AppContext }>;

/** The error body under each status a route can answer with, for the API docs. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** Per-address limit for the sign-in and reset endpoints (see app.ts for the limiter). */
export function authRateLimit(ctx: AppContext) {
  return {
    rateLimit: {
      max: ctx.config.rateLimits.authRequestsPerAddress,
      timeWindow: ctx.config.rateLimits.windowMinutes * 60_000,
    },
  };
}
