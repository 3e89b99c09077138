import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { adminBaseURL, adminServer, runId, signIn, waitForAdminServer } from './admin-journeys';
import {
  OFFER_WITHIN_MS,
  consoleLog,
  expectCallShown,
  interactions,
  registerAgent,
  setStatus,
  signInAgent,
  statusSelector,
} from './agent-journeys';
import { suiteFixture } from './global-setup';

/**
 * Every screen of both portals, in both themes (and the narrow ones at a phone's width),
 * through axe-core's WCAG 2.0–2.2 A and AA rules and its best practices (contrast, names,
 * labels, landmarks, ARIA): none may fail. The rules judge what is rendered, so each screen is
 * scanned in the state a user sees — the softphone also while a call rings, in a call and with
 * the call's dialog open.
 */
const PHONE = { width: 375, height: 740 };
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The page's colour scheme, as the Theme menu sets it (Mantine's CSS keys off it). */
const setScheme = (page: Page, scheme: string) =>
  page.evaluate((value) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', value);
  }, scheme);

/**
 * axe finds nothing on the page as it is: every rule in the light theme, then in the dark the
 * ones a theme changes (contrast; the rest read the markup, the same in both).
 */
async function expectNoViolations(page: Page, screen: string, { popoverOpen = false } = {}) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    // An open list is portalled to the page's end, outside the landmarks (best practice
    // 'region'); its combobox, inside them, owns it (aria-controls).
    if (popoverOpen) axe.disableRules(['region']);
    const { violations } = await (
      scheme === 'light' ? axe.withTags(RULES) : axe.withRules(['color-contrast'])
    ).analyze();
    found.push(
      ...violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${screen} (${scheme}): ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary}`,
        ),
      ),
    );
  }
  await setScheme(page, 'light');
  expect(found).toEqual([]);
}

const { superAdmin } = adminServer;
const { afterCallAgent } = suiteFixture();

test.use({ baseURL: adminBaseURL });
test.beforeAll(waitForAdminServer);

// A slow scan per screen and theme (light, dark): beyond the default 60 s on a busy machine.
const SCANS_TIMEOUT_MS = 300_000;

test('the admin portal passes axe on every page', async ({ page }) => {
  test.setTimeout(SCANS_TIMEOUT_MS);
  await page.goto('/sign-in');
  await expectNoViolations(page, 'sign-in');
  await signIn(page, superAdmin.username, superAdmin.password);
  const employees = await page.request.get('/api/employees');
  const { employees: list } = (await employees.json()) as {
    employees: { id: string; username: string }[];
  };
  const analysed = list.find((employee) => employee.username === afterCallAgent.username);
  expect(analysed).toBeDefined();
  for (const path of [
    '/admin/dashboard',
    '/admin/register',
    '/admin/analytics',
    `/admin/analytics/${analysed!.id}`,
    '/admin/live',
    '/admin/employees',
    '/admin/teams',
    '/admin/admins',
    '/admin/voice',
    '/admin/audit',
    '/admin/account',
  ]) {
    await page.goto(path);
    // The trend charts come after the figures: scanned once drawn.
    if (path.startsWith('/admin/analytics')) {
      await expect(page.getByRole('heading', { name: 'Calls per day' })).toBeVisible();
    }
    await expectNoViolations(page, path);
  }
  // A refused form: its message and the invalid field's colours.
  await page.goto('/admin/register');
  const form = page.getByRole('form', { name: 'Register Employee' });
  await form.getByRole('textbox', { name: 'Username' }).fill('a11y-refused');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('agent-pass-1');
  await form.getByRole('textbox', { name: 'Confirm Password' }).fill('something-else');
  await form.getByRole('button', { name: 'Register Employee' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
  await expectNoViolations(page, 'a refused registration');
  await page.goto('/admin/admins');
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Team' })).toBeVisible();
  await expectNoViolations(page, 'the Create Team dialog');
  // A team in queue mode: its tile on the live floor, its inbound settings dialog.
  const queueTeam = `Queue a11y ${runId}`;
  const created = await page.request.post('/api/teams', { data: { name: queueTeam } });
  const teamId = ((await created.json()) as { team: { id: string } }).team.id;
  const queued = await page.request.put(`/api/teams/${teamId}/inbound`, {
    data: { mode: 'queue', callsPerHour: 1 },
  });
  expect(queued.ok()).toBe(true);
  await page.goto('/admin/live');
  await expect(page.getByRole('region', { name: `${queueTeam} queue` })).toBeVisible();
  await expectNoViolations(page, 'the live floor with a queue');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('region', { name: 'Queues' })).toBeVisible();
  await expectNoViolations(page, 'analytics with a queue');
  await page.goto(`/admin/teams?search=${encodeURIComponent(queueTeam)}`);
  await page.getByRole('button', { name: `Inbound calls of ${queueTeam}` }).click();
  const inbound = page.getByRole('dialog', { name: `Inbound calls: ${queueTeam}` });
  await expect(inbound.getByLabel('Calls per hour')).toHaveValue('1');
  await inbound.getByLabel('Calls per hour').fill('0');
  await inbound.getByRole('button', { name: 'Save' }).click();
  await expect(inbound.getByText('Calls per hour must be more than 0')).toBeVisible();
  await expectNoViolations(page, 'the inbound settings dialog with an error');
  await page.keyboard.press('Escape');
  expect((await page.request.delete(`/api/teams/${teamId}`)).ok()).toBe(true);
  // A phone's width: tables scroll sideways, the menu is a panel over the page.
  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  for (const path of ['/admin/live', '/admin/audit', '/admin/account']) {
    await page.goto(path);
    await expectNoViolations(page, `${path} (phone)`);
  }
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
  await expectNoViolations(page, 'the menu open (phone)');
});

test('the softphone passes axe, also while a call rings and during it', async ({ page }) => {
  test.setTimeout(SCANS_TIMEOUT_MS);
  const log = consoleLog(page);
  const agent = await registerAgent('a11y');
  await signInAgent(page, agent);
  await expectNoViolations(page, 'dashboard');
  await statusSelector(page).click();
  await expect(page.getByRole('listbox', { name: 'Statuses' })).toBeVisible();
  await expectNoViolations(page, 'the status list open', { popoverOpen: true });
  await page.keyboard.press('Escape');
  await setStatus(page, 'Available');
  await expect(interactions(page).getByText('Incoming call...')).toBeVisible({
    timeout: OFFER_WITHIN_MS,
  });
  await expectNoViolations(page, 'dashboard, a call ringing');
  await interactions(page).getByRole('button', { name: 'Answer' }).click();
  await expectCallShown(page, log);
  // The call's audio panel, its devices shown.
  await interactions(page).getByRole('button', { name: 'Audio devices' }).click();
  await expect(interactions(page).getByLabel('Speaker', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'dashboard, in a call');
  await page.getByRole('button', { name: 'View Call' }).click();
  const modal = page.getByRole('dialog', { name: 'Active Call' });
  await expect(modal.getByText('Connected')).toBeVisible();
  await expectNoViolations(page, 'the Active Call dialog');
  await modal.getByRole('button', { name: 'End Call' }).click();
  await expect(modal).toBeHidden();
  for (const path of ['/agent/analytics', '/agent/profile']) {
    await page.goto(path);
    if (path === '/agent/analytics') {
      await expect(page.getByRole('heading', { name: 'Calls per day' })).toBeVisible();
    }
    await expectNoViolations(page, path);
  }
  await page.setViewportSize(PHONE);
  for (const path of ['/agent', '/agent/profile']) {
    await page.goto(path);
    await expectNoViolations(page, `${path} (phone)`);
  }
});
