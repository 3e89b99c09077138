import { type APIRequestContext, type Page, expect, request } from '@playwright/test';
import { adminBaseURL, adminServer, runId } from './admin-journeys';

/** What the softphone journeys share: a fresh agent, signed in, and the dashboard's parts. */

/** Spec §9: an offer comes 5–11 s after going Available. */
export const OFFER_WITHIN_MS = 12_000;

/**
 * An answered or dialled call shows CALL_CONNECT_DELAY_MS (2.5 s) after its assistant's start
 * settles, and never later than MAX_VOICE_START_WAIT_MS (15 s) past that delay (call-view.ts):
 * the product's own bound, with room for a busy machine.
 */
export const CALL_SHOWN_WITHIN_MS = 2_500 + 15_000 + 5_000;

/** Everything the page logs, as text: a failed wait for a call prints it. */
export function consoleLog(page: Page) {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  return lines;
}

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

/**
 * The call connected: End Call shows. A failure says what the page logged meanwhile (the
 * assistant's start stages and warnings), which a screenshot cannot.
 */
export async function expectCallShown(page: Page, log: readonly string[]) {
  try {
    await expect(interactions(page).getByRole('button', { name: 'End Call' })).toBeVisible({
      timeout: CALL_SHOWN_WITHIN_MS,
    });
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts();
    throw new Error(
      `${(error as Error).message}\nAlerts: ${JSON.stringify(alerts)}\nThe page's console:\n${log.join('\n')}`,
      { cause: error },
    );
  }
}
