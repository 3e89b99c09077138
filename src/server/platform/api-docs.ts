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
 * The security of an operation anyone may call whose answer depends on the session, if any: a
 * route declares it in its schema (routes otherwise take theirs from their access).
 */
export const OPTIONAL_SESSION: Record<string, string[]>[] = [{}, { [SESSION_SCHEME]: [] }];
/**
 * The documents as committed, for review and for `redocly lint` in `npm run check`; written by
 * `npm run api:docs`, and a test fails while they differ from what the server serves.
 */
export const OPENAPI_FILE = path.join(projectRoot(), 'docs/openapi.json');
export const ASYNCAPI_FILE = path.join(projectRoot(), 'docs/asyncapi.json');
/** Where the live socket's own description (AsyncAPI) is served. */
export const ASYNCAPI_PATH = '/api/asyncapi.json';

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** What a status a route's handler declares means (404, 409, sign-in's 401, …). */
const handlerMeaning: Record<number, string> = {
  400: 'Refused input: `error.message` says why',
  401: 'The credentials are wrong',
  403: 'Refused: `error.message` says why',
  404: 'Not found, or not in your scope',
  409: 'Refused in the current state: `error.message` says why',
  429: 'Too many failed attempts',
  500: 'The server failed: `error.message` is what to tell the user',
};
const RETRY_AFTER = {
  'retry-after': {
    type: 'integer',
    description: 'Seconds to wait before trying again, when the server knows',
  },
};

/**
 * The error statuses the platform itself answers a route with, whatever its handler does, and
 * why: 400 and 503 on every route (text the database cannot store is refused from any query
 * string; the session is looked up before any handler), 401 and 403 from its access, 403, 413
 * and 415 on state-changing methods (origin-checked, JSON-only, size-limited), and 429 from its
 * own limit or else, when it changes state, the write limit. A route's schema declares the
 * statuses its handler adds (404, 409, …).
 */
function platformErrors(route: Pick<RouteOptions, 'method' | 'config'>) {
  const errors = new Map<number, string[]>();
  const add = (status: number, why: string) =>
    errors.set(status, [...(errors.get(status) ?? []), why]);
  const access = route.config?.access;
  const changesState = [route.method].flat().some((method) => STATE_CHANGING_METHODS.has(method));
  add(400, 'Invalid input: `error.message` says why (`error.field` names a wrong field)');
  if (access !== 'anyone') add(401, 'Not signed in, or the session has ended');
  if (typeof access === 'function') add(403, 'Your role or scope does not allow it');
  if (changesState) {
    add(403, "Sent from another site's page");
    add(413, 'The body is larger than this endpoint accepts');
    add(415, 'The body is not JSON');
  }
  if (route.config?.rateLimit) add(429, 'Too many requests from this address');
  else if (changesState) add(429, 'Too many changes in a minute');
  add(503, 'The database cannot be reached right now');
  return errors;
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiComponents });

type JsonResponses = Record<string, Record<string, unknown>>;

/**
 * A route's operation: zod's JSON Schemas, then its security (none for 'anyone' routes, the
 * session cookie otherwise, unless the route declares its own) and every error status it can
 * answer, each with the error body and why.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  if (schema.hide) return { schema, url };
  const { route } = input;
  const declared = (schema.response ?? {}) as JsonResponses;
  const platform = platformErrors(route);
  const responses: JsonResponses = {};
  const statuses = new Set([...Object.keys(declared).map(Number), ...platform.keys()]);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    if (status < 400) {
      responses[status] = declared[status]!;
      continue;
    }
    const reasons = [...(platform.get(status) ?? [])];
    if (status in declared) reasons.push(handlerMeaning[status] ?? 'Refused');
    responses[status] = {
      ...ERROR_REF,
      description: `${reasons.map((why, i) => (i ? why[0]!.toLowerCase() + why.slice(1) : why)).join('; or ')}.`,
      ...((status === 429 || status === 503) && { headers: RETRY_AFTER }),
    };
  }
  const anonymous = route.config?.access === 'anyone';
  return {
    schema: {
      ...schema,
      response: responses,
      security: schema.security ?? (anonymous ? [] : [{ [SESSION_SCHEME]: [] }]),
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
