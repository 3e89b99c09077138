import fc from 'fast-check';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '../shared/live';
import { connectLive } from './test/agent';
import { type FuzzRequest, problemWith, requestFor, watchWrites } from './test/fuzz';
import { insertSession } from './modules/auth/auth.repository';
import { SESSION_COOKIE, hashToken, newToken } from './modules/auth/sessions';
import { type RoleName, signInEveryRole } from './test/roles';
import { testConfig } from './config';
import { createTestApp } from './test/test-app';

/**
 * Every route, sent random and hostile requests: never a 5xx, every 4xx
 * a `{ error: { code, message } }` naming the field, no stack or SQL text, every status one the
 * OpenAPI document gives the route, a 2xx only for
 * input the route's schemas accept, and no row written by a rejected request. `FUZZ_RUNS` runs
 * per route (200 in CI; `npm run fuzz -- --runs 10000` for the long run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Generous: a long run on a busy machine must not hit vitest's default per-test limit. */
const TIMEOUT_MS = Math.max(60_000, RUNS * 200);

const limits = testConfig().rateLimits;
// Loopback fuzzing would trip the per-address limits at once; raised so the inputs reach the
// validation (the limits have tests of their own).
const t = await createTestApp({
  rateLimits: {
    ...limits,
    signInFailuresPerUsername: 1e9,
    resetAnswerFailuresPerUsername: 1e9,
    currentPasswordFailuresPerUser: 1e9,
    failuresPerAddress: 1e9,
    authRequestsPerAddress: 1e9,
  },
});
const world = await signInEveryRole(t);
const writes = await watchWrites(t.db);
const roles: RoleName[] = ['anonymous', 'employee', 'team leader', 'super admin'];
const HOST = 'localhost:3000';
const SAME_ORIGIN = `http://${HOST}`;

/** A fresh session for the role when a request ended its own (a sign-out that passed). */
async function renew(role: RoleName) {
  if (role === 'anonymous') return;
  const token = newToken();
  await insertSession(t.db, {
    userId: world.users[role].id,
    tokenHash: hashToken(t.ctx.config.sessionSecret, token),
    at: t.clock.now(),
    ip: null,
    userAgent: null,
  });
  world.cookies[role] = `${SESSION_COOKIE}=${token}`;
}

type Responses = Record<string, unknown>;
const apiDescription = t.app.swagger() as {
  paths: Record<string, Record<string, { responses: Responses } | undefined> | undefined>;
};
/** The statuses the OpenAPI document gives a route; undefined for the routes it leaves out. */
function documentedStatuses(route: { method: string; url: string }): Responses | undefined {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  return apiDescription.paths[path]?.[route.method.toLowerCase()]?.responses;
}

const routes = t.app.routeList.filter(
  (route) => route.method !== 'HEAD' && route.url.startsWith('/api/') && route.url !== LIVE_PATH,
);
const figures: {
  route: string;
  runs: number;
  statuses: Record<number, number>;
  ms: number;
  /** The largest resident set seen during the route's runs, in MB. */
  peakRssMB: number;
}[] = [];

afterAll(() => {
  const lines = figures.map(
    (f) =>
      `${f.route.padEnd(45)} ${String(f.runs).padStart(6)} runs ${f.ms.toFixed(0).padStart(6)} ms ${String(f.peakRssMB).padStart(5)} MB peak RSS  ${Object.entries(
        f.statuses,
      )
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
  );
  console.log(`fuzz: ${RUNS} runs per route\n${lines.join('\n')}`);
});

// '%s' titles 'GET /api/health' (a '$method $url' title quotes each: `npm run fuzz --route`).
describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s',
  (_title, route) => {
    it(
      `answers ${RUNS} hostile requests with a 4xx naming the problem, never a 5xx`,
      async () => {
        const statuses: Record<number, number> = {};
        const documented = documentedStatuses(route);
        // Rows written so far: a rejected request must leave it as it was.
        let written = await writes();
        const started = performance.now();
        let peakRss = process.memoryUsage.rss();
        const sent = fc.tuple(
          requestFor(route),
          fc.constantFrom(...roles),
          // Mostly our own pages; else another site, an opaque origin, or a client with none.
          fc.constantFrom(
            ...Array<string>(5).fill(SAME_ORIGIN),
            'https://evil.example',
            'null',
            '',
          ),
        );
        await fc.assert(
          fc.asyncProperty(
            sent,
            async ([request, role, origin]: [FuzzRequest, RoleName, string]) => {
              const cookie = world.cookies[role];
              const response = await t.app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: {
                  ...request.headers,
                  host: HOST,
                  ...(origin ? { origin } : {}),
                  ...(cookie ? { cookie } : {}),
                },
                ...(request.payload === undefined ? {} : { payload: request.payload }),
              });
              statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
              const problem = problemWith(route, request, response);
              if (problem) throw new Error(problem);
              if (documented && !(response.statusCode in documented)) {
                throw new Error(`${response.statusCode} is not among the documented answers`);
              }
              const after = await writes();
              if (response.statusCode >= 400) expect(after, 'rows written').toBe(written);
              written = after;
              if (cookie && (response.statusCode === 401 || route.url === '/api/auth/sign-out')) {
                await renew(role);
                written = await writes();
              }
              // An injected request and the embedded database settle in microtasks only: without
              // a turn of the event loop between runs, what they free on later turns (and every
              // timer) waits for the property to end, and a long run's memory grows with every run.
              await nextTurn();
              peakRss = Math.max(peakRss, process.memoryUsage.rss());
            },
          ),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
        figures.push({
          route: `${route.method} ${route.url}`,
          runs: RUNS,
          statuses,
          ms: performance.now() - started,
          peakRssMB: Math.round(peakRss / 2 ** 20),
        });
      },
      TIMEOUT_MS,
    );
  },
);

describe(`the live socket (${LIVE_PATH})`, () => {
  it(
    `ignores ${RUNS} hostile messages and keeps serving`,
    async () => {
      const live = await connectLive(t.app, {
        cookie: world.cookies.employee!,
        host: HOST,
        origin: SAME_ORIGIN,
      });
      const message = fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
        fc.constantFrom('{"type":"agent.state"}', '{', '\u0000', '{"__proto__":{"x":1}}'),
      );
      await fc.assert(
        fc.asyncProperty(message, async (data) => {
          live.socket.send(data);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      // Still open and served: a status change reaches it.
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/agent/status',
        headers: { cookie: world.cookies.employee!, host: HOST, origin: SAME_ORIGIN },
        payload: { status: 'lunch' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await live.waitFor((state) => state.status === 'lunch', 5000);
      // A message over the size limit closes that socket (1009), not the server.
      live.socket.send('x'.repeat(10_000));
      expect((await live.closed).code).toBe(1009);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    },
    TIMEOUT_MS,
  );
});
