import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newSuperAdmin } from '../test/factories';
import { signInAs } from '../test/sign-in';
import { createTestApp } from '../test/test-app';
import { standInWebBuild } from '../test/web-build';
import { contentSecurityPolicy, findUnstorableText, voiceProviderSources } from './security';

const buildDir = standInWebBuild('app-abc123.js');

const t = await createTestApp({}, { webBuildDir: buildDir });

const signInBody = { username: 'someone', password: 'whatever' };
const { cookie: superAdminCookie } = await signInAs(t, await newSuperAdmin(t.db));
const SOME_UUID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/**
 * The headers every response must carry, whatever its status: a CSP that allows no inline
 * script or style and no framing, nosniff, the referrer policy, and the request id.
 */
function expectSecurityHeaders(response: Response, what: string) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: CSP`).toContain("script-src 'self'");
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP`).toContain("object-src 'none'");
  expect(csp, `${what}: CSP`).not.toContain('unsafe-inline');
  expect(csp, `${what}: CSP`).not.toContain('unsafe-eval');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('same-origin');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['x-request-id'], what).toMatch(/^[0-9a-f-]{36}$/);
}

async function injectChecked(options: InjectOptions & { url: string }) {
  const response = await t.app.inject(options);
  expectSecurityHeaders(
    response,
    `${options.method ?? 'GET'} ${options.url} → ${response.statusCode}`,
  );
  return response;
}

/**
 * Every route the app registered (API, docs, live socket, the web build's files), its path
 * parameters filled with a UUID and a wildcard with 'x', asked anonymously: 401, 403, 404,
 * 400 and 200 alike must carry the headers. A route added later is walked without anyone
 * remembering to list it here.
 */
const everyRoute = t.app.routeList.map((route) => ({
  method: route.method,
  url: route.url.replace(/:[^/]+/g, SOME_UUID).replace(/\*/g, 'x'),
}));

describe('security headers on every response', () => {
  it('walks a route list that holds the whole API, the docs and the web files', () => {
    const urls = new Set(everyRoute.map((route) => route.url));
    expect(everyRoute.length).toBeGreaterThan(80);
    for (const url of ['/api/health', '/api/live', '/api/docs/', '/assets/app-abc123.js']) {
      expect(urls, url).toContain(url);
    }
    const methods = new Set(everyRoute.map((route) => route.method));
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(methods, method).toContain(method);
    }
  });

  it.each(everyRoute)('$method $url, asked anonymously', async ({ method, url }) => {
    const response = await injectChecked({ method: method as InjectOptions['method'], url });
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it('a body over the 1 MB limit: 413', async () => {
    const response = await injectChecked({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...signInBody, padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('a body that is not JSON: 415', async () => {
    const response = await injectChecked({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=someone',
    });
    expect(response.statusCode).toBe(415);
  });

  it('malformed JSON: 400', async () => {
    const response = await injectChecked({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each(['GET', 'POST', 'DELETE'] as const)('%s on an unknown /api path: 404', async (method) => {
    const response = await injectChecked({ method, url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
  });

  it('a cross-site write: 403', async () => {
    const response = await injectChecked({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: signInBody,
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    '/api/docs',
    '/api/docs/',
    '/api/docs/json',
    '/api/docs/static/index.html',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/static/swagger-ui.css',
    '/api/docs/static/index.css',
    '/api/docs/static/swagger-ui-bundle.js',
    '/api/docs/static/swagger-ui-standalone-preset.js',
    '/api/docs/static/favicon-32x32.png',
    '/api/openapi.json',
  ])('the API docs: %s', async (url) => {
    const response = await injectChecked({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(400);
  });

  it.each([
    ['/sign-in', 'sign-in'],
    ['/agent', 'app'],
    ['/admin', 'app'],
    ['/admin/dashboard', 'app'],
    ['/no/such/page', 'app'],
  ])('the page %s', async (url, pageName) => {
    const response = await injectChecked({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-page="${pageName}"`);
    // The page's own policy: the style nonce added, nothing loosened.
    expect(String(response.headers['content-security-policy'])).toMatch(
      /style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/,
    );
  });

  it.each(['/assets/app-abc123.js', '/assets/missing-file.js', '/favicon.ico'])(
    'the web file %s',
    async (url) => {
      await injectChecked({ method: 'GET', url });
    },
  );
});

describe('the body size limit', () => {
  /** A team create whose unknown `padding` the schema would drop: only the size refuses it. */
  const createTeam = (name: string, paddingLength: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { cookie: superAdminCookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name, padding: 'x'.repeat(paddingLength) }),
    });
  const teamsNamed = (name: string) =>
    t.db.selectFrom('teams').select('id').where('name', '=', name).execute();

  it('refuses a JSON body over 1 MB with 413 and the error body, writing nothing', async () => {
    const response = await createTeam('Oversized team', 1024 * 1024);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
    });
    expect(await teamsNamed('Oversized team')).toEqual([]);
  });

  it('takes the same request just under the limit (so the size alone refused it)', async () => {
    const response = await createTeam('Nearly oversized team', 1024 * 1024 - 100);
    expect(response.statusCode, response.body).toBe(201);
    expect(await teamsNamed('Nearly oversized team')).toHaveLength(1);
  });
});

describe('the page policy and the voice provider', () => {
  const directive = (csp: string, name: string) =>
    csp.split('; ').find((part) => part.startsWith(`${name} `));

  it('lets the page reach only its own origin without a voice provider', () => {
    const csp = contentSecurityPolicy({ style: "'nonce-abc'" });
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'nonce-abc'");
  });

  it("adds the provider's API origin and Daily when a vapi identity is configured", () => {
    const csp = contentSecurityPolicy({
      voice: voiceProviderSources('https://voice.example.com/v1/'),
    });
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://voice.example.com https://*.daily.co wss://*.daily.co",
    );
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://c.daily.co");
    expect(csp).not.toContain('unsafe');
  });
});

describe('state-changing requests', () => {
  it('refuses a request from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example', host: 'switchboard.local' },
      payload: signInBody,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_ORIGIN');
  });

  it('refuses a foreign origin on a percent-encoded API path too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/sign-in',
      headers: { origin: 'https://evil.example', host: 'switchboard.local' },
      payload: signInBody,
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it("refuses an opaque 'null' origin", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'null' },
      payload: signInBody,
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts a request from our own origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://switchboard.local:3000', host: 'switchboard.local:3000' },
      payload: signInBody,
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a form-encoded body (what a cross-site form would send)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=someone&password=whatever',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('text PostgreSQL cannot store', () => {
  it('finds a NUL character or an unpaired surrogate anywhere in a value, however deep', () => {
    const nul = 'must not contain the NUL character';
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual({
      path: ['a', 1, 'b'],
      problem: nul,
    });
    expect(findUnstorableText('\u0000')).toEqual({ path: [], problem: nul });
    expect(findUnstorableText({ name: 'a\ud800b' })).toEqual({
      path: ['name'],
      problem: 'must be valid Unicode text',
    });
    expect(findUnstorableText({ a: 'fine 😀', b: [1, null, true] })).toBeUndefined();
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnstorableText(deep)?.path).toHaveLength(100_000);
  });

  it.each([
    ['a query', '/api/setup?search=%00', undefined, 'querystring.search'],
    ['a body field', '/api/auth/sign-in', { username: 'a\u0000', password: 'b' }, 'username'],
    ['a whole body', '/api/auth/sign-in', '\u0000', 'body'],
  ])('refuses %s holding one with a 400 naming it', async (_, url, payload, field) => {
    const response = await t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: `${field}: must not contain the NUL character`,
        field,
      },
    });
  });

  it('refuses an unpaired surrogate with a 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: '{"username":"\\ud800","password":"b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      field: 'username',
      message: 'username: must be valid Unicode text',
    });
  });

  it('names the body when there is none where one is needed', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
  });
});

describe('API surface', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/nothing/here' },
    });
  });

  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('publishes an OpenAPI document covering the session, reset and setup paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/setup',
        '/api/auth/sign-in',
        '/api/auth/sign-out',
        '/api/auth/me',
        '/api/auth/reset/question',
        '/api/auth/reset/answer',
        '/api/auth/reset/password',
      ]),
    );
    // The CSV downloads are documented as the files they are; their errors stay JSON.
    type Operation = { responses: Record<string, { content: Record<string, unknown> }> };
    const paths = document.paths as Record<string, { get: Operation }>;
    for (const path of ['/api/analytics/export.csv', '/api/audit/export.csv']) {
      const { responses } = paths[path]!.get;
      expect(Object.keys(responses['200']!.content)).toEqual(['text/csv']);
      expect(Object.keys(responses['400']!.content)).toEqual(['application/json']);
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
