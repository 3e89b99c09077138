import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { signedInAgent } from '../test/agent';
import { createTestApp } from '../test/test-app';

const LIMIT = 5;
const t = await createTestApp({
  rateLimits: { ...testConfig().rateLimits, writesPerMinute: LIMIT },
});

const statuses = ['break', 'lunch'] as const;

function expectRateLimited(response: { statusCode: number; headers: object; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  const body = response.json() as { error: { retryAfterSeconds: number } };
  expect(body).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many changes in a minute\. Try again in \d+ seconds?\.$/,
      ),
      retryAfterSeconds: expect.any(Number),
    },
  });
  expect(body.error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(body.error.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect(response.headers).toMatchObject({ 'retry-after': String(body.error.retryAfterSeconds) });
}

describe(`at most ${LIMIT} writes a minute per signed-in user`, () => {
  it('answers the next write with 429 and the error body, and does not make it', async () => {
    const agent = await signedInAgent(t);
    for (let i = 0; i < LIMIT; i++) {
      const response = await agent.setStatus(statuses[i % 2]!);
      expect(response.statusCode, response.body).toBe(200);
    }
    const statusBefore = (await agent.state()).status;

    const refused = await agent.setStatus(statusBefore === 'break' ? 'lunch' : 'break');
    expectRateLimited(refused);
    expect((await agent.state()).status).toBe(statusBefore);
    // Every state-changing method counts, whatever the route.
    expectRateLimited(await agent.as('POST', '/api/agent/calls/outbound', { number: '1' }));
    expectRateLimited(await agent.as('PATCH', '/api/me/profile', { fullName: 'X' }));
    expectRateLimited(await agent.as('DELETE', '/api/me/sessions/not-a-session'));

    // Reading goes on.
    expect((await agent.as('GET', '/api/agent/state')).statusCode).toBe(200);
  });

  it('leaves another user’s writes alone, from the same address', async () => {
    const limited = await signedInAgent(t);
    for (let i = 0; i <= LIMIT; i++) await limited.setStatus(statuses[i % 2]!);
    expectRateLimited(await limited.setStatus('break'));

    const other = await signedInAgent(t);
    for (let i = 0; i < LIMIT; i++) {
      const response = await other.setStatus(statuses[i % 2]!);
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('counts the user, not the session: a second sign-in does not double the allowance', async () => {
    const first = await signedInAgent(t);
    for (let i = 0; i < LIMIT; i++) await first.setStatus(statuses[i % 2]!);
    const second = await signedInAgent(t, { agent: first.agent });
    expectRateLimited(await second.setStatus('break'));
  });
});

describe('anonymous writes', () => {
  it('are counted per address', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/teams',
        payload: { name: 'Nobody’s team' },
      });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await t.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Again' } }),
    );
  });

  it('leave sign-in to its own per-address limit (a call floor shares one address)', async () => {
    // The address is over the write limit now (above), and an agent can still sign in.
    const agent = await signedInAgent(t);
    expect(agent.cookie).toMatch(/^switchboard_session=/);
    expect((await agent.setStatus('break')).statusCode).toBe(200);
  });
});
