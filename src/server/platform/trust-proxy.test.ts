import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../config';
import { DEFAULT_PASSWORD, newEmployee } from '../test/factories';
import { postSignIn } from '../test/sign-in';
import { createTestApp, sessionCookieOf } from '../test/test-app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-trust-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const trustProxyOf = (value?: string) =>
  loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
    .trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default, a number of proxies in front, or their addresses', () => {
    expect(trustProxyOf()).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1,10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(trustProxyOf(' 127.0.0.1 , ::1 ,fd00::/8')).toEqual(['127.0.0.1', '::1', 'fd00::/8']);
    expect(trustProxyOf('loopback')).toEqual(['loopback']);
  });

  it('refuses true, saying what to write instead', () => {
    expect(() => trustProxyOf('true')).toThrow(
      'TRUST_PROXY: `true` would believe the X-Forwarded-For a client writes itself: set the ' +
        'number of proxies in front (1 behind one reverse proxy) or their addresses ' +
        '(e.g. 127.0.0.1 or 10.0.0.0/8)',
    );
  });

  it('refuses anything else', () => {
    for (const value of ['yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'proxy'])
      expect(() => trustProxyOf(value), value).toThrow(
        'TRUST_PROXY: must be false, a number of proxies in front, or proxy addresses/CIDRs',
      );
  });
});

/** The reverse proxy in front: it connects from here and appends the address it saw. */
const PROXY = '10.0.0.5';
const behindOneProxy = await createTestApp({
  trustProxy: 1,
  rateLimits: { ...testConfig().rateLimits, failuresPerAddress: 3 },
});

/**
 * A request from `client` through the proxy; `claimed` is what the client wrote in
 * X-Forwarded-For itself.
 */
const throughProxy = (client: string, claimed: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': `${claimed}, ${client}` },
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('takes the address the proxy saw, so a forged first hop does not escape the per-address limit', async () => {
    const client = '198.51.100.7';
    const attempt = (index: number) =>
      postSignIn(
        behindOneProxy,
        `nobody${index}`,
        'whatever',
        throughProxy(client, `203.0.113.${index}`),
      );
    for (const index of [1, 2, 3]) expect((await attempt(index)).statusCode).toBe(401);
    expect((await attempt(4)).statusCode).toBe(429);

    const failures = await behindOneProxy.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'auth.sign_in_failed')
      .execute();
    expect(failures.map((entry) => entry.ip)).toEqual([client, client, client]);
  });

  it('lists the session under the address the proxy saw', async () => {
    const client = '198.51.100.8';
    const agent = await newEmployee(behindOneProxy.db);
    const signIn = await postSignIn(
      behindOneProxy,
      agent.username,
      DEFAULT_PASSWORD,
      throughProxy(client, '203.0.113.99'),
    );
    expect(signIn.statusCode).toBe(200);
    const { remoteAddress, headers } = throughProxy(client, '203.0.113.100');
    const sessions = await behindOneProxy.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      remoteAddress,
      headers: { ...headers, cookie: sessionCookieOf(signIn) },
    });
    expect(sessions.json<{ sessions: { ip: string }[] }>().sessions).toEqual([
      expect.objectContaining({ ip: client }),
    ]);
  });
});
