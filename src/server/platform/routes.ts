import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/errors';
import {
  MAX_PASSWORD_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_USERNAME_LENGTH,
} from '../../shared/schemas/field-rules';
import { securityQuestions } from '../../shared/security-questions';
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

/**
 * The longest text a body anyone may send holds: first-run setup's (a username, a password
 * twice, a security question and its answer). Sign-in's and the reset steps' are shorter.
 */
const LONGEST_ANONYMOUS_TEXT =
  MAX_USERNAME_LENGTH +
  2 * MAX_PASSWORD_LENGTH +
  Math.max(...securityQuestions.map((question) => question.length)) +
  MAX_TEXT_LENGTH;
/** A character's most bytes in JSON text: a six-byte escape (`\u0001`). */
const MAX_JSON_BYTES_PER_CHARACTER = 6;

/**
 * Body limit of the routes anyone may call with a body (sign-in, the reset steps, setup), far
 * under the app's: twice their longest text with every character escaped, room for the keys
 * and a field that grows. A larger body is refused with 413 once it passes the limit (at once
 * when its Content-Length says so), never parsed or walked: no anonymous request costs the
 * server more than a small body does.
 */
export const ANONYMOUS_BODY_LIMIT =
  Math.ceil((2 * MAX_JSON_BYTES_PER_CHARACTER * LONGEST_ANONYMOUS_TEXT) / 1024) * 1024;

/** Per-address limit for the sign-in and reset endpoints (see app.ts for the limiter). */
export function authRateLimit(ctx: AppContext) {
  return {
    rateLimit: {
      max: ctx.config.rateLimits.authRequestsPerAddress,
      timeWindow: ctx.config.rateLimits.windowMinutes * 60_000,
    },
  };
}
