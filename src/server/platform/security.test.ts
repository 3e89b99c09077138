import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { contentSecurityPolicy, findUnstorableText, voiceProviderSources } from './security';

const t = await createTestApp();

const signInBody = { username: 'someone', password: 'whatever' };

describe('security headers', () => {
  it.each(['/api/health', '/api/setup', '/api/no-such-thing', '/api/docs/', '/api/openapi.json'])(
    '%s carries the CSP without unsafe-inline, nosniff, referrer policy and frame-ancestors none',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
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
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
