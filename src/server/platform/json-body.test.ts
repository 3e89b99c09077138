import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/test-app';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS, jsonShapeProblem } from './json-body';
import { ANONYMOUS_BODY_LIMIT } from './routes';

const t = await createTestApp();

/** The routes anyone may send a body to. */
const ANONYMOUS_BODY_ROUTES = [
  '/api/auth/sign-in',
  '/api/auth/reset/question',
  '/api/auth/reset/answer',
  '/api/auth/reset/password',
  '/api/setup',
];

const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** Rows a handler writes for a refused sign-in or reset, and setup's new user. */
async function rowsWritten() {
  const count = async (table: 'auth_attempts' | 'audit_log' | 'users') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    attempts: await count('auth_attempts'),
    audit: await count('audit_log'),
    users: await count('users'),
  };
}

/** `fields` as a JSON object of `bytes` bytes: an array of zeros the schemas would drop. */
function paddedBody(fields: Record<string, string>, bytes: number) {
  const head = `${JSON.stringify({ ...fields, padding: [] }).slice(0, -2)}0`;
  const zeros = Math.floor((bytes - head.length - 2) / 2);
  const body = `${head}${',0'.repeat(zeros)}]}`;
  return body.padEnd(bytes, ' ');
}

/** A body each route would act on, were it not for its size. */
const plausibleFields: Record<string, Record<string, string>> = {
  '/api/auth/sign-in': { username: 'nobody', password: 'wrong-password' },
  '/api/auth/reset/question': { username: 'nobody' },
  '/api/auth/reset/answer': { username: 'nobody', answer: 'Rex' },
  '/api/auth/reset/password': {
    resetToken: 'not-a-token',
    password: 'new-password',
    confirmPassword: 'new-password',
  },
  '/api/setup': {
    username: 'founder',
    password: 'founder-pass',
    confirmPassword: 'founder-pass',
    securityQuestion: 'What is your favorite book?',
    securityAnswer: 'Dune',
  },
};

describe('bodies anyone may send', () => {
  it('refuses ten 1 MB bodies to sign-in, the reset steps and setup with 413, unread', async () => {
    // Under the app's own limit: only the anonymous routes' limit refuses them.
    const size = 1024 * 1024 - 1024;
    const before = await rowsWritten();
    for (let i = 0; i < 10; i++) {
      const url = ANONYMOUS_BODY_ROUTES[i % ANONYMOUS_BODY_ROUTES.length]!;
      const response = await postJson(url, paddedBody(plausibleFields[url]!, size));
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(413);
      expect(response.json()).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
      });
    }
    // No handler ran: no failed attempt counted, nothing audited, no super admin created.
    expect(await rowsWritten()).toEqual(before);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it.each(ANONYMOUS_BODY_ROUTES)(
    '%s: its largest legitimate body is well under the limit',
    async (url) => {
      const route = t.app.routeList.find((r) => r.method === 'POST' && r.url === url);
      const jsonSchema = z.toJSONSchema(route!.schema!.body as z.ZodType, {
        io: 'input',
        unrepresentable: 'any',
      }) as { properties: Record<string, { maxLength?: number; enum?: string[] }> };
      // Every field at its longest, every character one JSON sends as a six-byte escape.
      const largest = Object.fromEntries(
        Object.entries(jsonSchema.properties).map(([field, rule]) => {
          if (rule.enum) return [field, rule.enum.reduce((a, b) => (b.length > a.length ? b : a))];
          expect(rule.maxLength, `${field} has a maximum length`).toBeDefined();
          return [field, '\u0001'.repeat(rule.maxLength!)];
        }),
      );
      const body = JSON.stringify(largest);
      expect(2 * Buffer.byteLength(body)).toBeLessThanOrEqual(ANONYMOUS_BODY_LIMIT);
      const response = await postJson(url, body);
      expect(response.statusCode, response.body).not.toBe(413);
    },
  );

  it('every route refuses an anonymous body over that limit before reading it', async () => {
    const body = paddedBody({}, ANONYMOUS_BODY_LIMIT + 1);
    const writes = t.app.routeList.filter((route) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const url = route.url.replace(/:[^/]+/g, '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b');
      const response = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      // Anyone's routes: too large. Everyone else's: no session, asked before the body is read.
      const expected = ANONYMOUS_BODY_ROUTES.includes(route.url) ? 413 : 401;
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(expected);
    }
  });
});

describe(`JSON bodies deeper than ${MAX_JSON_DEPTH} levels or with more than ${MAX_JSON_ITEMS} items`, () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('refuses a body nested 200 levels deep, far under the size limit, before validation', async () => {
    const response = await postJson(
      '/api/auth/sign-in',
      `{"username":${nested(199)},"password":"whatever"}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'BODY_TOO_COMPLEX',
        message: `The request body nests more than ${MAX_JSON_DEPTH} levels deep`,
      },
    });
  });

  it('refuses one holding about 2,000 items in a few kilobytes, before validation', async () => {
    const response = await postJson(
      '/api/auth/sign-in',
      paddedBody({ username: 'someone', password: 'whatever' }, 4000 + 50),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'BODY_TOO_COMPLEX',
        message: `The request body holds more than ${MAX_JSON_ITEMS} items`,
      },
    });
  });

  it('passes a body at both limits on to validation', async () => {
    const deepest = `{"username":${nested(MAX_JSON_DEPTH - 1)},"password":"whatever"}`;
    // Two members, and the password's elements.
    const widest = `{"username":"someone","password":[${Array(MAX_JSON_ITEMS - 2)
      .fill(0)
      .join(',')}]}`;
    for (const body of [deepest, widest]) {
      const response = await postJson('/api/auth/sign-in', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('jsonShapeProblem', () => {
  it.each([
    ['brackets and commas inside strings', `{"a":"[[[[,,,,{{{{","b":"\\\\\\"[[[["}`],
    ['an escaped quote ending in a backslash', `{"a":"\\\\","b":[1]}`],
    ['malformed text (left to the parser)', `{"a":"unterminated [[[[[[[[[[[[[[[[[[[[`],
  ])('counts no item or level for %s', (_what, text) => {
    expect(jsonShapeProblem(text)).toBeUndefined();
  });

  it('counts each element and member once, an empty container holding none', () => {
    const items = (n: number) => `[${Array(n).fill('[]').join(', ')}]`;
    expect(jsonShapeProblem(items(MAX_JSON_ITEMS))).toBeUndefined();
    expect(jsonShapeProblem(items(MAX_JSON_ITEMS + 1))).toMatch(/holds more than/);
    const members = (n: number) =>
      `{${Array.from({ length: n }, (_, i) => `"k${i}": {}`).join(',')}}`;
    expect(jsonShapeProblem(members(MAX_JSON_ITEMS))).toBeUndefined();
    expect(jsonShapeProblem(members(MAX_JSON_ITEMS + 1))).toMatch(/holds more than/);
  });

  it('counts a level for every open bracket or brace outside strings', () => {
    const deep = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    expect(jsonShapeProblem(deep)).toMatch(/nests more than/);
    expect(jsonShapeProblem(`"${'['.repeat(1000)}"`)).toBeUndefined();
  });
});
