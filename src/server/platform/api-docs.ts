import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_PATH } from '../../shared/live';
import { adminRowSchema, teamRefSchema } from '../../shared/schemas/admins';
import {
  agentStateSchema,
  agentStatusSchema,
  callLogEntrySchema,
  currentCallSchema,
} from '../../shared/schemas/agent';
import {
  callFiguresSchema,
  employeeAnalyticsCardSchema,
  employeeAnalyticsDetailSchema,
  resolvedRangeSchema,
  statusTimeRowSchema,
  teamAnalyticsSchema,
} from '../../shared/schemas/analytics';
import { auditEntrySchema } from '../../shared/schemas/audit';
import { dashboardSchema } from '../../shared/schemas/dashboard';
import { employeeRowSchema } from '../../shared/schemas/employees';
import { errorBodySchema } from '../../shared/schemas/errors';
import { floorAgentSchema, floorSchema } from '../../shared/schemas/floor';
import { authSessionSchema, profileSchema } from '../../shared/schemas/me';
import { sessionUserSchema } from '../../shared/schemas/sign-in';
import {
  teamCandidateSchema,
  teamMemberRoleSchema,
  teamMemberSchema,
  teamSchema,
} from '../../shared/schemas/teams';
import { voiceSessionSchema } from '../../shared/schemas/voice';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { STATE_CHANGING_METHODS } from './security';
import { defaultWebBuildDir, projectRoot } from './web';

/**
 * The shared schemas a client names: each is a component of the OpenAPI document under this
 * id, referenced by `$ref` wherever a route's schema holds it (a request body's copy is
 * `<id>Input`, as fastify-type-provider-zod names input schemas).
 */
const apiComponents = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries({
  Error: errorBodySchema,
  SessionUser: sessionUserSchema,
  AgentStatus: agentStatusSchema,
  AgentState: agentStateSchema,
  CurrentCall: currentCallSchema,
  CallLogEntry: callLogEntrySchema,
  AdminRow: adminRowSchema,
  EmployeeRow: employeeRowSchema,
  TeamRef: teamRefSchema,
  Team: teamSchema,
  TeamMemberRole: teamMemberRoleSchema,
  TeamMember: teamMemberSchema,
  TeamCandidate: teamCandidateSchema,
  ResolvedRange: resolvedRangeSchema,
  CallFigures: callFiguresSchema,
  TeamAnalyticsCard: teamAnalyticsSchema,
  EmployeeAnalyticsCard: employeeAnalyticsCardSchema,
  StatusTimeRow: statusTimeRowSchema,
  EmployeeAnalyticsDetail: employeeAnalyticsDetailSchema,
  Dashboard: dashboardSchema,
  FloorAgent: floorAgentSchema,
  Floor: floorSchema,
  Profile: profileSchema,
  AuthSession: authSessionSchema,
  VoiceSession: voiceSessionSchema,
  AuditEntry: auditEntrySchema,
})) {
  apiComponents.add(schema, { id });
}

/** The security scheme of every operation that needs a session. */
export const SESSION_SCHEME = 'sessionCookie';
/**
 * The documents as committed, for review and for `redocly lint` in `npm run check`; written by
 * `npm run api:docs`, and a test fails while they differ from what the server serves.
 */
export const OPENAPI_FILE = path.join(projectRoot(), 'docs/openapi.json');
export const ASYNCAPI_FILE = path.join(projectRoot(), 'docs/asyncapi.json');
/** Where the live socket's own description (AsyncAPI) is served. */
export const ASYNCAPI_PATH = '/api/asyncapi.json';

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** What each error status means anywhere in the API; a route's own codes say more. */
const errorMeaning: Record<number, string> = {
  400: 'Invalid input: `error.field` names the field, `error.message` says why',
  401: 'Not signed in (or wrong credentials, on sign-in)',
  403: 'Not allowed: the role or scope refuses it, or a cross-site request',
  404: 'No such item (or not in your scope)',
  409: 'Refused by the current state: `error.message` says why',
  413: 'The body is larger than this endpoint accepts',
  415: 'The body is not JSON',
  429: 'Too many requests: `Retry-After` (and `error.retryAfterSeconds`) says when to try again',
  500: 'The server failed: `error.message` is what to tell the user',
  503: 'The database cannot be reached right now: `Retry-After` says when to try again',
};
const RETRY_AFTER = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/**
 * The error statuses the platform itself answers a route with, whatever its handler does: 400
 * and 503 on every route (text the database cannot store is refused from any query string; the
 * session is looked up before any handler), 401 and 403 from its access, 403, 413, 415 and 429
 * on state-changing methods (origin-checked, JSON-only, size- and rate-limited) and 429 from a
 * limit of its own. A route's schema declares the statuses its handler adds (404, 409, …).
 */
function platformErrorStatuses(route: Pick<RouteOptions, 'method' | 'config'>) {
  const statuses = new Set<number>([400, 503]);
  const access = route.config?.access;
  if (access !== 'anyone') statuses.add(401);
  if (typeof access === 'function') statuses.add(403);
  if ([route.method].flat().some((method) => STATE_CHANGING_METHODS.has(method))) {
    for (const status of [403, 413, 415, 429]) statuses.add(status);
  }
  if (route.config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiComponents });

type JsonResponses = Record<string, Record<string, unknown>>;

/**
 * A route's operation: zod's JSON Schemas, then its security (none for 'anyone' routes, the
 * session cookie otherwise) and every error status it can answer, each with the error body
 * and what it means.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  if (schema.hide) return { schema, url };
  const { route } = input;
  const responses = { ...(schema.response as JsonResponses | undefined) };
  for (const status of platformErrorStatuses(route)) responses[status] ??= ERROR_REF;
  for (const [status, response] of Object.entries(responses)) {
    const meaning = errorMeaning[Number(status)];
    if (Number(status) < 400 || !meaning) continue;
    responses[status] = {
      ...response,
      description: meaning,
      ...([429, 503].includes(Number(status)) && { headers: RETRY_AFTER }),
    };
  }
  const anonymous = route.config?.access === 'anyone';
  return {
    schema: {
      ...schema,
      response: responses,
      security: anonymous ? [] : [{ [SESSION_SCHEME]: [] }],
    },
    url,
  };
};

/**
 * The components some operation reaches, transitively: a schema used only in responses leaves
 * out its unused input copy.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = zodTransformObject(input) as {
    paths?: unknown;
    components: { schemas: Record<string, unknown> };
  };
  const reached = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const [, id] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (reached.has(id!)) continue;
      reached.add(id!);
      visit(document.components.schemas[id!]);
    }
  };
  visit(document.paths);
  const schemas = Object.fromEntries(
    Object.entries(document.components.schemas).filter(([id]) => reached.has(id)),
  );
  return {
    ...document,
    components: { ...document.components, schemas },
  } as ReturnType<SwaggerTransformObject>;
};

/** @fastify/swagger's options: the document's header, its security scheme and the transforms. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchboard API',
        version: '1',
        description: [
          'JSON under /api. Errors are `{ error: { code, message } }` (see the `Error` schema).',
          `Sessions use the httpOnly cookie \`${SESSION_COOKIE}\`, set by \`signIn\`;`,
          'state-changing requests must be JSON from the same origin (no `Origin` header, or this one).',
          `The live socket \`${LIVE_PATH}\` is described by the AsyncAPI document [${ASYNCAPI_PATH}](${ASYNCAPI_PATH}).`,
        ].join(' '),
      },
      servers: [{ url: '/', description: 'This Switchboard server' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie `signIn` sets (httpOnly; ended by `signOut`).',
          },
        },
      },
    },
    transform,
    transformObject,
  };
}

/**
 * Switchboard's logo: the web build's copy (Vite copies public/ into it), else the checkout's
 * public/. A bundle run without either (a bare test checkout) shows no logo rather than the
 * docs tool's.
 */
function brandLogo(webBuildDir: string) {
  const found = [path.join(webBuildDir, 'logo.svg'), path.join(projectRoot(), 'public/logo.svg')]
    .filter((file) => existsSync(file))
    .at(0);
  return found ? readFileSync(found) : Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/** Swagger UI at /api/docs, under Switchboard's name and logo. */
export function apiDocsUiOptions(webBuildDir = defaultWebBuildDir()): FastifySwaggerUiOptions {
  const logo = brandLogo(webBuildDir);
  return {
    routePrefix: '/api/docs',
    logo: { type: 'image/svg+xml', content: logo, href: '/api/docs', target: '_self' },
    theme: {
      title: 'Switchboard API',
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          type: 'image/svg+xml',
          sizes: 'any',
          content: logo,
        },
      ],
    },
  };
}
