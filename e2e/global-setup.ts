import { type APIRequestContext, expect, request } from '@playwright/test';
import { adminBaseURL, adminServer, runId, waitForAdminServer } from './admin-journeys';

/**
 * What the suite makes before its first spec, on the admin server (Playwright runs this once
 * the servers are up), and hands to the specs in `process.env.E2E_FIXTURE`.
 *
 * The analytics journey's team, and in it an agent whose After Call Work begins now: spec §9
 * flags After Call Work only past 90 s, which then pass while the specs before it run instead
 * of in a wait of that journey's own.
 */
export type SuiteFixture = {
  team: { id: string; name: string; description: string };
  afterCallAgent: { username: string; fullName: string; afterCallSince: number };
};

const FIXTURE_ENV = 'E2E_FIXTURE';

export async function apiSession(username: string, password: string) {
  const api = await request.newContext({ baseURL: adminBaseURL });
  const signedIn = await api.post('/api/auth/sign-in', { data: { username, password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return api;
}

export async function expectOk(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return response;
}

/** Registers an agent in `teamId` with the super admin's API session, and signs them in. */
export async function registerTeamAgent(
  admin: APIRequestContext,
  teamId: string,
  agent: { username: string; password: string; fullName: string },
) {
  await expectOk(
    await admin.post('/api/employees', {
      data: {
        username: agent.username,
        password: agent.password,
        confirmPassword: agent.password,
        teamId,
      },
    }),
  );
  const phone = await apiSession(agent.username, agent.password);
  await expectOk(await phone.patch('/api/me/profile', { data: { fullName: agent.fullName } }));
  return phone;
}

/**
 * Through the real call engine: Out Bound, a dialled call of `talkMs`, End Call — which leaves
 * the agent in After Call Work, an open interval counted to the server's clock. Returns when it
 * began.
 */
export async function callAndEnd(phone: APIRequestContext, talkMs: number) {
  await expectOk(await phone.put('/api/agent/status', { data: { status: 'out_bound' } }));
  const dialled = await expectOk(
    await phone.post('/api/agent/calls/outbound', { data: { phoneNumber: '12125550187' } }),
  );
  const callId = ((await dialled.json()) as { call: { id: string } }).call.id;
  await new Promise((resolve) => setTimeout(resolve, talkMs));
  await expectOk(await phone.post(`/api/agent/calls/${callId}/end`, { data: {} }));
  return Date.now();
}

export default async function globalSetup() {
  await waitForAdminServer();
  const { superAdmin } = adminServer;
  const admin = await apiSession(superAdmin.username, superAdmin.password);
  const team = { name: `Analytics ${runId}`, description: 'Inbound support, weekdays' };
  const created = await expectOk(await admin.post('/api/teams', { data: team }));
  const teamId = ((await created.json()) as { team: { id: string } }).team.id;
  const agent = {
    username: `wrapper-${runId}`,
    password: 'agent-pass-1',
    fullName: `Will Wrapup ${runId}`,
  };
  const phone = await registerTeamAgent(admin, teamId, agent);
  await admin.dispose();
  const afterCallSince = await callAndEnd(phone, 500);
  await phone.dispose();
  const fixture: SuiteFixture = {
    team: { id: teamId, ...team },
    afterCallAgent: { username: agent.username, fullName: agent.fullName, afterCallSince },
  };
  process.env[FIXTURE_ENV] = JSON.stringify(fixture);
}

/** In a spec: what `globalSetup` made. */
export function suiteFixture(): SuiteFixture {
  const value = process.env[FIXTURE_ENV];
  if (!value) throw new Error(`${FIXTURE_ENV} is not set: playwright.config.ts runs globalSetup`);
  return JSON.parse(value) as SuiteFixture;
}
