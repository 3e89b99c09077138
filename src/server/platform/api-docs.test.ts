import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentStateSchema } from '../../shared/schemas/agent';
import { employeeRowSchema } from '../../shared/schemas/employees';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { createTestApp } from '../test/test-app';
import { ASYNCAPI_FILE, ASYNCAPI_PATH, OPENAPI_FILE, SESSION_SCHEME } from './api-docs';

interface Response {
  description: string;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown> }>;
    securitySchemes: Record<string, unknown>;
  };
}

const t = await createTestApp();
const served = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
const document = served.json<OpenApiDocument>();
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    operation,
  })),
);
const operationOf = (method: string, path: string) => document.paths[path]![method.toLowerCase()]!;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the OpenAPI document', () => {
  it('describes every /api route but the documents, the docs page and the live socket', () => {
    const hidden = ['/api/openapi.json', ASYNCAPI_PATH, '/api/live'];
    const routes = t.app.routeList
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .filter((route) => !route.url.startsWith('/api/docs') && !hidden.includes(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(routes.sort());
  });

  it('names every operation once, in camelCase', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:[A-Z][a-z]*)*$/);
    expect(new Set(ids).size).toBe(operations.length);
    expect(operationOf('GET', '/api/employees').operationId).toBe('listEmployees');
    expect(operationOf('PUT', '/api/agent/status').operationId).toBe('changeAgentStatus');
    expect(operationOf('POST', '/api/auth/sign-in').operationId).toBe('signIn');
  });

  it('names the shared types as components and refers to them wherever they are used', () => {
    const { schemas } = document.components;
    const paths = JSON.stringify(document.paths);
    for (const name of [
      'AgentState',
      'EmployeeRow',
      'AdminRow',
      'Team',
      'TeamMember',
      'TeamAnalyticsCard',
      'EmployeeAnalyticsCard',
      'EmployeeAnalyticsDetail',
      'AuditEntry',
      'Error',
    ]) {
      expect(schemas[name], name).toBeDefined();
      expect(paths.includes(JSON.stringify(ref(name))), `${name} is referenced`).toBe(true);
      // Never also written out in full where it is used.
      expect(paths.includes(JSON.stringify(schemas[name])), `${name} is not inlined`).toBe(false);
    }
    const json = (operation: Operation, status: string) =>
      operation.responses[status]!.content!['application/json']!.schema;
    expect(json(operationOf('GET', '/api/agent/state'), '200')).toEqual(ref('AgentState'));
    expect(json(operationOf('GET', '/api/employees'), '200')).toMatchObject({
      properties: { employees: { type: 'array', items: ref('EmployeeRow') } },
    });
    // Generated from the shared zod schemas, not written beside them.
    expect(Object.keys(schemas.AgentState!.properties!)).toEqual(
      Object.keys(agentStateSchema.shape),
    );
    expect(Object.keys(schemas.EmployeeRow!.properties!)).toEqual(
      Object.keys(employeeRowSchema.shape),
    );
    // Only what some operation reaches: no unused input copies.
    for (const name of Object.keys(schemas)) {
      expect(
        JSON.stringify(document).split(JSON.stringify(ref(name))).length,
        name,
      ).toBeGreaterThan(1);
    }
  });

  it('declares the session cookie, and an operation needs it exactly when the server asks for a session', async () => {
    expect(document.components.securitySchemes[SESSION_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    const session = { [SESSION_SCHEME]: [] };
    for (const { method, path, operation } of operations) {
      expect([[], [session], [{}, session]], `${method} ${path}`).toContainEqual(
        operation.security,
      );
      const needsSession = operation.security?.length === 1;
      const response = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{\w+\}/g, randomUUID()),
        ...(method !== 'GET' && { payload: {} }),
      });
      const refused = response.statusCode === 401 && response.json().error.code === 'NOT_SIGNED_IN';
      expect(refused, `${method} ${path} answers anonymous ${response.statusCode}`).toBe(
        needsSession,
      );
    }
    // Anyone may ask who is signed in; the answer depends on the cookie, if sent.
    expect(operationOf('GET', '/api/auth/session').security).toEqual([{}, session]);
    expect(operationOf('GET', '/api/health').security).toEqual([]);
  });

  it("declares each operation's error statuses: the platform's, from method, access and limits, and the handler's own", () => {
    const errorsOf = (method: string, path: string) =>
      Object.keys(operationOf(method, path).responses)
        .map(Number)
        .filter((status) => status >= 400);
    // Anyone, reading: refused text in a query string; the database.
    expect(errorsOf('GET', '/api/health')).toEqual([400, 503]);
    // Any session, reading: not signed in; no rule to refuse it.
    expect(errorsOf('GET', '/api/me/profile')).toEqual([400, 401, 503]);
    // A rule: 403 too.
    expect(errorsOf('GET', '/api/employees')).toEqual([400, 401, 403, 503]);
    // Changing state: origin, body size and type, the write limit; the handler's 409.
    expect(errorsOf('PUT', '/api/agent/status')).toEqual([400, 401, 403, 409, 413, 415, 429, 503]);
    // Anyone, changing state, with a limit of its own; the handler's 401 and 500.
    expect(errorsOf('POST', '/api/auth/sign-in')).toEqual([400, 401, 403, 413, 415, 429, 500, 503]);
    expect(errorsOf('POST', '/api/auth/sign-out')).toContain(409);

    const described = (method: string, path: string, status: number) =>
      operationOf(method, path).responses[status]!.description;
    expect(described('GET', '/api/employees', 403)).toBe('Your role or scope does not allow it.');
    expect(described('POST', '/api/auth/sign-in', 403)).toBe("Sent from another site's page.");
    expect(described('POST', '/api/auth/sign-in', 429)).toBe(
      'Too many requests from this address; or too many failed attempts.',
    );
    expect(described('PUT', '/api/agent/status', 429)).toBe('Too many changes in a minute.');

    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content, `${method} ${path} ${status}`).toEqual({
          'application/json': { schema: ref('Error') },
        });
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('is the committed docs/openapi.json', () => {
    expect(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), 'run npm run api:docs').toEqual(
      document,
    );
  });
});

it('commits the AsyncAPI document the server serves', async () => {
  const asyncApi = await t.app.inject({ method: 'GET', url: ASYNCAPI_PATH });
  expect(JSON.parse(readFileSync(ASYNCAPI_FILE, 'utf8')), 'run npm run api:docs').toEqual(
    asyncApi.json(),
  );
});

describe('the API docs page', () => {
  it("carries Switchboard's name and logo and links the live socket's description", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.body).toContain('<title>Switchboard API</title>');
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    const logo = readFileSync(new URL('../../../public/logo.svg', import.meta.url));
    expect(script.body).toContain(`data:image/svg+xml;base64,${logo.toString('base64')}`);
    expect(document.info.title).toBe('Switchboard API');
    expect(document.info.description).toContain(`(${ASYNCAPI_PATH})`);
  });
});
