import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      sessionSecret: undefined,
      sessionIdleHours: 12,
      callCentreTimeZone: 'America/New_York',
      logLevel: 'info',
      trustProxy: false,
      rateLimits: {
        windowMinutes: 15,
        signInFailuresPerUsername: 10,
        resetAnswerFailuresPerUsername: 5,
        writesPerMinute: 600,
        liveOpensPerMinute: 600,
      },
      liveSocketsPerUser: 10,
      callEngine: { disconnectGraceMs: 10_000, presenceGraceMs: 120_000 },
    });
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        CALL_DISCONNECT_GRACE_MS: '60000',
        PRESENCE_GRACE_MS: '30000',
      }),
    ).toThrow('PRESENCE_GRACE_MS: must be at least CALL_DISCONNECT_GRACE_MS');
  });

  it('names every bad variable and why', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        DATA_DIR: dataDir,
      }),
    ).toThrow(ConfigError);
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        DATA_DIR: dataDir,
      });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
    }
  });

  it('takes the rate limits from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMIT_AUTH_PER_IP: '5000',
      RATE_LIMIT_SIGN_IN_FAILURES: '3',
    });
    expect(config.rateLimits.authRequestsPerAddress).toBe(5000);
    expect(config.rateLimits.signInFailuresPerUsername).toBe(3);
  });

  it('takes the write limit and the live socket limits from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '50',
      RATE_LIMIT_LIVE_OPENS_PER_MINUTE: '20',
      LIVE_SOCKETS_PER_USER: '3',
    });
    expect(config.rateLimits.writesPerMinute).toBe(50);
    expect(config.rateLimits.liveOpensPerMinute).toBe(20);
    expect(config.liveSocketsPerUser).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dataDir, LIVE_SOCKETS_PER_USER: '0' })).toThrow(
      /LIVE_SOCKETS_PER_USER/,
    );
  });
});
