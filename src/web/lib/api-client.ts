// zod/mini's functions take any zod 4 schema, classic or mini, and keep the sign-in page's
// bundle free of classic zod.
import * as z from 'zod/mini';
import type { ErrorCode } from '../../shared/errors';
import { errorBodySchema } from '../../shared/schemas/errors';

/** The server answered with an error body `{ error: { code, message } }` (or an unreadable one). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    field?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The request never got an answer: offline, server down, connection reset. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** A success response whose body does not match what the screen expects. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

/** Code given to an error response whose body is not the server's error shape (a proxy page). */
export const UNREADABLE_ERROR_CODE = 'UNREADABLE_ERROR';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<Schema extends z.core.$ZodType> {
  method?: Method;
  body?: unknown;
  schema: Schema;
  signal?: AbortSignal;
  /** More request headers (the JSON ones are set). */
  headers?: Record<string, string>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One JSON request to our own /api. Errors are thrown as ApiError, NetworkError or
 * UnexpectedResponseError; each screen decides which message to show for them.
 */
export async function apiRequest<Schema extends z.core.$ZodType>(
  path: string,
  { method = 'GET', body, schema, signal, headers }: ApiRequest<Schema>,
): Promise<z.core.output<Schema>> {
  const hasBody = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...headers,
        accept: 'application/json',
        ...(hasBody && { 'content-type': 'application/json' }),
      },
      // The server accepts only JSON bodies on state-changing requests, even empty ones.
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError('The server could not be reached', { cause: error });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const errorBody = z.safeParse(errorBodySchema, payload);
    if (errorBody.success) {
      throw new ApiError({ status: response.status, ...errorBody.data.error });
    }
    throw new ApiError({ status: response.status, code: UNREADABLE_ERROR_CODE, message: '' });
  }

  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) {
    throw new UnexpectedResponseError(`Unexpected response from ${method} ${path}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * The server's own words for a request it refused and explained (a 4xx with a readable
 * message), or undefined. Screens show it, or fall back to a message of their own choosing.
 */
export function serverRefusalMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return undefined;
}

/** The server broke (5xx) or could not be reached: nothing the user typed was wrong. */
export function isServerOrNetworkFailure(error: unknown) {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}
