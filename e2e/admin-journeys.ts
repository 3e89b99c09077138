import { mkdirSync, readFileSync } from 'node:fs';
import { type Page, expect } from '@playwright/test';

/**
 * What the admin journeys share. They run against their own server (see serve.mjs), which
 * starts with one super admin: nothing depends on the sign-in journeys having run first.
 */
export const adminServer = JSON.parse(
  readFileSync(new URL('./admin-server.json', import.meta.url), 'utf8'),
) as {
  port: number;
  superAdmin: { username: string; password: string };
  voiceServer: { port: number; identities: { name: string; assistantId: string }[] };
  shiftServer: { port: number };
};
export const adminBaseURL = `http://localhost:${adminServer.port}`;
/** The same, with a vapi voice identity configured. */
export const voiceBaseURL = `http://localhost:${adminServer.voiceServer.port}`;
/** The admin server's twin with short call timings. */
export const shiftBaseURL = `http://localhost:${adminServer.shiftServer.port}`;

const SHOTS_DIR = '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });

/** A suffix unique to this run, in case a data directory outlives one. */
export const runId = Date.now().toString(36).slice(-5);

/** Playwright waits for the first server only; the seeded ones start after their super admin. */
export async function waitForServer(baseURL: string, timeout = 90_000) {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout, intervals: [500] },
    )
    .toBe(true);
}

/** Every Content-Security-Policy complaint and uncaught error while the page runs. */
export function watchForPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|execute|load)/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

export const waitForAdminServer = () => waitForServer(adminBaseURL);

export async function shot(page: Page, name: string) {
  // Let the sidebar's slide and the burger's morph finish: a picture, not a frame of motion.
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

export async function logout(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The sign-in page is a page load of its own: it is there once its form is.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

export function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Creates a team with the Teams page's inline form (super admin). */
export async function createTeam(page: Page, name: string, description: string) {
  const form = page.getByRole('form', { name: 'Create New Team' });
  await form.getByLabel('Team Name', { exact: true }).fill(name);
  await form.getByLabel('Description', { exact: true }).fill(description);
  await form.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByRole('alert')).toHaveText('Team created successfully');
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
}
