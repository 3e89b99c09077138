import { type APIRequestContext, type Page, expect, request } from '@playwright/test';
import { adminBaseURL, adminServer, runId } from './admin-journeys';

/** What the softphone journeys share: a fresh agent, signed in, and the dashboard's parts. */

/** Spec §9: an offer comes 5–11 s after going Available. */
export const OFFER_WITHIN_MS = 12_000;

/** A super admin registers a fresh agent (and a team for them) through the API. */
export async function registerAgent(suffix: string, baseURL = adminBaseURL) {
  const api: APIRequestContext = await request.newContext({ baseURL });
  const { username, password } = adminServer.superAdmin;
  expect((await api.post('/api/auth/sign-in', { data: { username, password } })).ok()).toBe(true);
  const team = await api.post('/api/teams', { data: { name: `Phones ${runId}-${suffix}` } });
  expect(team.ok(), await team.text()).toBe(true);
  const agent = { username: `phone-${runId}-${suffix}`, password: 'agent-pass-1' };
  const registered = await api.post('/api/employees', {
    data: { ...agent, confirmPassword: agent.password, teamId: (await team.json()).team.id },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await api.dispose();
  return agent;
}

export async function signInAgent(page: Page, agent: { username: string; password: string }) {
  await page.goto('/sign-in');
  await page.getByLabel('Username', { exact: true }).fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByText(`Welcome, ${agent.username}`)).toBeVisible();
}

export const statusSelector = (page: Page) => page.getByRole('combobox', { name: 'Status' });
export const interactions = (page: Page) => page.getByRole('region', { name: 'Interactions' });
export const activityRows = (page: Page) =>
  page.getByRole('table', { name: 'Activity Log' }).getByRole('row');

export async function setStatus(page: Page, label: string) {
  await statusSelector(page).click();
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
  await expect(statusSelector(page)).toContainText(label);
}
