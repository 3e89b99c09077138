import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/errors';
import type { AppContext } from './context';

export type RoutesPlugin = FastifyPluginAsyncZod<{ ctx: AppContext }>;

/** The error body under each status a route can answer with, for the API docs. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** A CSV download's answer, for the API docs: a text/csv file, where a bare schema says JSON. */
export const csvFileResponse = {
  description: 'A CSV file to download (content-disposition: attachment)',
  content: { 'text/csv': { schema: z.string() } },
};

/**
 * Route options for the largest responses (a row per agent: the employee cards, the live
 * floor): the body is `JSON.stringify`d as the service built it, without the zod pass that
 * checks every row against the response schema, a cost that grows with every agent.
 * The schema stays, for the API docs and the handler's type; each such route has a test that
 * its body equals its schema's parse of it (no extra field, every type right).
 */
export const plainJsonResponse = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

/** Per-address limit for the sign-in and reset endpoints (see app.ts for the limiter). */
export function authRateLimit(ctx: AppContext) {
  return {
    rateLimit: {
      max: ctx.config.rateLimits.authRequestsPerAddress,
      timeWindow: ctx.config.rateLimits.windowMinutes * 60_000,
    },
  };
}
