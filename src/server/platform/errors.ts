import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, type ErrorCode, errorCatalogue } from '../../shared/errors';
import { describeIssue } from '../../shared/schemas/errors';
import { databaseUnavailable, uniqueViolation } from './database';

/** A client told the database is unreachable tries again after this long. */
const DATABASE_RETRY_SECONDS = 5;

/** A failure the client should hear about: a stable code, the spec's message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; field?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.code = code;
    this.statusCode = errorCatalogue[code].status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Unique constraints (see the migrations), the conflict each one means and its field. */
const conflictByConstraint: Record<string, { code: ErrorCode; field: string }> = {
  users_username_key: { code: 'USERNAME_TAKEN', field: 'username' },
  teams_name_key: { code: 'TEAM_NAME_TAKEN', field: 'name' },
  wrap_up_codes_name_key: { code: 'WRAP_UP_CODE_NAME_TAKEN', field: 'name' },
};

/** Maps a database unique violation to its AppError; anything else passes through. */
export function toConflict(error: unknown): unknown {
  const violation = uniqueViolation(error);
  const conflict = violation?.constraint ? conflictByConstraint[violation.constraint] : undefined;
  return conflict ? new AppError(conflict.code, { field: conflict.field, cause: error }) : error;
}

export function errorBody(
  code: string,
  message: string,
  extra: Partial<ErrorBody['error']> = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError, request, reply) => {
    const error = toConflict(rawError) as FastifyError | AppError;

    if (error instanceof AppError) {
      // A 5xx the code names (sign-in's or reset's database trouble) is still a failure to
      // look into: logged with its cause, as any other 5xx.
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send(
        errorBody(error.code, error.message, {
          ...(error.field ? { field: error.field } : {}),
          ...(error.retryAfterSeconds !== undefined
            ? { retryAfterSeconds: error.retryAfterSeconds }
            : {}),
        }),
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const path = first ? first.instancePath.split('/').filter(Boolean) : [];
      // A problem with the whole body (none sent, or not an object) names the body.
      const issue = describeIssue(
        where === 'body' ? (path.length > 0 ? path : ['body']) : [where, ...path],
        first?.message ?? 'Invalid input',
      );
      return reply
        .status(400)
        .send(errorBody('VALIDATION_FAILED', issue.message, { field: issue.field }));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, empty body, body too large, …
      const code =
        status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : 'BAD_REQUEST';
      return reply.status(status).send(errorBody(code, error.message));
    }

    if (databaseUnavailable(error)) {
      // Fails fast and says so; the pool reconnects by itself once the database is back.
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_SECONDS))
        .send(
          errorBody('DATABASE_UNAVAILABLE', errorCatalogue.DATABASE_UNAVAILABLE.message, {
            retryAfterSeconds: DATABASE_RETRY_SECONDS,
          }),
        );
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', errorCatalogue.INTERNAL.message));
  });
}
