import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  adminBaseURL,
  adminServer,
  createTeam,
  menu,
  shot,
  signIn,
  waitForAdminServer,
  watchForPageErrors,
} from './admin-journeys';
import {
  activityRows,
  consoleLog,
  expectCallShown,
  setStatus,
  signInAgent,
} from './agent-journeys';

/**
 * What people type is shown as text on every screen, never run as markup. The
 * payload goes in as a team's name and description, an agent's full name and a call's
 * notes. A username cannot contain spaces (the shared schema refuses them, in the form and on
 * the server), so the username is the same attack without any: it parses into an
 * `<img src="x" onerror=…>` just the same if it is ever put into the page as HTML.
 */
const PAYLOAD = '<img src=x onerror=alert(1)>';
const USERNAME = '<img/src="x"/onerror=alert(1)>';
const PASSWORD = 'xss-pass-1';

const { superAdmin } = adminServer;

test.use({ baseURL: adminBaseURL });
test.beforeAll(waitForAdminServer);

/** Every alert, confirm or prompt the page opens: none should. */
function watchForDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** `text` is on screen, verbatim (one occurrence is enough), in `scope`. */
async function expectShownAsText(scope: Page | Locator, text: string) {
  await expect(scope.getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * Nothing typed has become an element: no image of the payloads', no inline handler
 * anywhere, no dialog. Called once the text is shown, so after the render that would have
 * injected it.
 */
async function expectNothingInjected(page: Page, dialogs: string[]) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('[onerror]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
}

test('a name, description, full name, username and call note of markup show as text everywhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);

  await test.step('the checks catch the payloads when they are markup', async () => {
    // A control: the same strings parsed as HTML (no CSP on a blank page) make the images
    // the checks look for, and run their handlers.
    const control = await page.context().newPage();
    const controlDialogs = watchForDialogs(control);
    await control.setContent(`<div>${PAYLOAD}</div><div>${USERNAME}</div>`);
    await expect(control.locator('img[src="x"]')).toHaveCount(2);
    await expect(control.locator('[onerror]')).toHaveCount(2);
    await expect.poll(() => controlDialogs.length).toBeGreaterThan(0);
    await control.close();
  });

  const problems = watchForPageErrors(page);
  const dialogs = watchForDialogs(page);
  await signIn(page, superAdmin.username, superAdmin.password);

  await test.step('Teams: a team named and described with the payload', async () => {
    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await expect(page.getByRole('heading', { name: 'Teams Management' })).toBeVisible();
    await createTeam(page, PAYLOAD, PAYLOAD);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: PAYLOAD, exact: true }) });
    // Its name and its description.
    await expect(row.getByText(PAYLOAD, { exact: true })).toHaveCount(2);
    await expectShownAsText(row, PAYLOAD);
    await expectNothingInjected(page, dialogs);

    await page.getByRole('button', { name: `Edit ${PAYLOAD}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team' });
    await expect(edit.getByLabel('Team Name', { exact: true })).toHaveValue(PAYLOAD);
    await expect(edit.getByLabel('Description', { exact: true })).toHaveValue(PAYLOAD);
    await expectNothingInjected(page, dialogs);
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  });

  await test.step('Register Employee: the payload is refused as a username, its spaceless twin is not', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Register Employee' }).click();
    const form = page.getByRole('form', { name: 'Register Employee' });
    const username = form.getByRole('textbox', { name: 'Username' });
    await username.fill(PAYLOAD);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
    await form.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: PAYLOAD }).click();
    await form.getByRole('button', { name: 'Register Employee' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Username cannot contain spaces or control characters',
    );
    // The server refuses it too, whatever the form lets through.
    const refused = await page.request.post('/api/employees', {
      data: {
        username: PAYLOAD,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        teamId: randomUUID(),
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('Username cannot contain spaces or control characters');

    await username.fill(USERNAME);
    await form.getByRole('button', { name: 'Register Employee' }).click();
    await expect(form.getByRole('alert')).toHaveText('Employee registered successfully');
    await expectNothingInjected(page, dialogs);
  });

  // The agent, in a browser of their own: full name, a call with notes, their own screens.
  const agentContext = await browser.newContext({ baseURL: adminBaseURL });
  const agentPage = await agentContext.newPage();
  const agentProblems = watchForPageErrors(agentPage);
  const agentDialogs = watchForDialogs(agentPage);
  const agentLog = consoleLog(agentPage);
  const agentMenu = agentPage.getByRole('navigation', { name: 'Main' });

  await test.step('agent softphone: the username in the top bar and beside the status', async () => {
    await signInAgent(agentPage, { username: USERNAME, password: PASSWORD });
    await expectShownAsText(agentPage.getByRole('banner'), `Welcome, ${USERNAME}`);
    await expectShownAsText(agentPage.getByRole('main'), USERNAME);
    await expectNothingInjected(agentPage, agentDialogs);
  });

  await test.step('agent Profile: username, team, and a full name of the payload', async () => {
    await agentMenu.getByRole('link', { name: 'Profile' }).click();
    await expect(agentPage).toHaveURL(/\/agent\/profile$/);
    const account = agentPage.getByRole('region', { name: 'Account', exact: true });
    await expectShownAsText(account, USERNAME);
    await expectShownAsText(account, PAYLOAD); // the team
    const fullName = agentPage.getByRole('form', { name: 'Full name' });
    await fullName.getByLabel('Full name').fill(PAYLOAD);
    await fullName.getByRole('button', { name: 'Save' }).click();
    await expect(fullName.getByRole('alert')).toHaveText('Full name saved');
    await agentPage.reload();
    await expect(
      agentPage.getByRole('form', { name: 'Full name' }).getByLabel('Full name'),
    ).toHaveValue(PAYLOAD);
    await expectShownAsText(
      agentPage.getByRole('region', { name: 'Account', exact: true }),
      PAYLOAD,
    );
    await expectNothingInjected(agentPage, agentDialogs);
  });

  await test.step('agent softphone: an outbound call whose notes are the payload', async () => {
    await agentMenu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(agentPage).toHaveURL(/\/agent$/);
    await setStatus(agentPage, 'Out Bound');
    await agentPage.getByRole('button', { name: 'Dialer' }).click();
    const dialer = agentPage.getByRole('form', { name: 'Dialer' });
    await dialer.getByRole('textbox', { name: 'Phone number' }).fill('12125550142');
    await dialer.getByRole('button', { name: 'Call' }).click();
    await expectCallShown(agentPage, agentLog);

    await agentPage.getByRole('button', { name: 'View Call' }).click();
    let modal = agentPage.getByRole('dialog', { name: 'Active Call' });
    await modal.getByRole('textbox', { name: 'Call notes' }).fill(PAYLOAD);
    await expect(modal.getByText('Saved', { exact: true })).toBeVisible();

    // The notes as the server sends them back, after a reload.
    await agentPage.reload();
    await agentPage.getByRole('button', { name: 'View Call' }).click();
    modal = agentPage.getByRole('dialog', { name: 'Active Call' });
    await expect(modal.getByRole('textbox', { name: 'Call notes' })).toHaveValue(PAYLOAD);
    await expectNothingInjected(agentPage, agentDialogs);
    await shot(agentPage, 'xss-call-notes');

    await modal.getByRole('button', { name: 'End Call' }).click();
    await expect(modal).toBeHidden();
    await expect(activityRows(agentPage).nth(1)).toContainText('Outbound');
    await expectShownAsText(agentPage.getByRole('main'), USERNAME);
    await expectNothingInjected(agentPage, agentDialogs);
  });

  await test.step('agent Analytics: their full name, username and team', async () => {
    await agentMenu.getByRole('link', { name: 'Analytics' }).click();
    await expect(agentPage.getByRole('heading', { name: PAYLOAD, level: 3 })).toBeVisible();
    const main = agentPage.getByRole('main');
    await expectShownAsText(main, PAYLOAD);
    await expectShownAsText(main, `@${USERNAME}`);
    await expect(main.getByText(PAYLOAD, { exact: true })).toHaveCount(2); // name, team badge
    await expectNothingInjected(agentPage, agentDialogs);
  });
  expect(agentProblems).toEqual([]);
  await agentContext.close();

  await test.step('Dashboard: Recent Activities names the employee', async () => {
    await menu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expectShownAsText(page.getByRole('region', { name: 'Recent Activities' }), USERNAME);
    await expectNothingInjected(page, dialogs);
  });

  await test.step('Employees: the username and the team', async () => {
    await menu(page).getByRole('link', { name: 'Employees' }).click();
    await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search employees' }).fill(USERNAME);
    await expect(page.getByText(/^Showing 1 of \d+ employees$/)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: USERNAME });
    await expectShownAsText(row, USERNAME);
    await expectShownAsText(row, PAYLOAD);
    await expectNothingInjected(page, dialogs);
    await shot(page, 'xss-employees');
  });

  await test.step('Teams: the members of the team', async () => {
    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('button', { name: PAYLOAD, exact: true }).click();
    const members = page.getByRole('dialog', { name: `${PAYLOAD} Members` });
    await expectShownAsText(members, `${PAYLOAD} Members`);
    await expectShownAsText(members.getByRole('row').filter({ hasText: USERNAME }), USERNAME);
    await expectNothingInjected(page, dialogs);
    await page.keyboard.press('Escape');
    await expect(members).toBeHidden();
  });

  await test.step('Analytics: the team card, the employee card and the detail', async () => {
    await menu(page).getByRole('link', { name: 'Analytics' }).click();
    const teamCard = page.getByRole('article', { name: PAYLOAD });
    await expect(teamCard.getByText(PAYLOAD, { exact: true })).toHaveCount(2); // name, description
    await expectShownAsText(teamCard, PAYLOAD);
    await expectNothingInjected(page, dialogs);

    await teamCard.getByRole('link', { name: PAYLOAD }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?.*team=/);
    const agentCard = page.getByRole('article', { name: PAYLOAD });
    await expectShownAsText(agentCard, `@${USERNAME} · ${PAYLOAD}`);
    await expectShownAsText(agentCard.getByRole('heading', { level: 3 }), PAYLOAD);
    await expectNothingInjected(page, dialogs);

    await agentCard.getByRole('link', { name: PAYLOAD }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\/[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { name: PAYLOAD, level: 3 })).toBeVisible();
    const detail = page.getByRole('region', { name: PAYLOAD, exact: true });
    await expectShownAsText(detail, `@${USERNAME}`);
    await expect(detail.getByText(PAYLOAD, { exact: true })).toHaveCount(2); // name, team badge
    await expectNothingInjected(page, dialogs);
    await shot(page, 'xss-analytics-detail');

    // The call's notes are on no admin screen: only in this file, verbatim (before the call's
    // wrap-up code, of which it has none).
    const [timeline] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync(await timeline.path(), 'utf8');
    expect(csv).toContain(`,${PAYLOAD},No wrap-up code\r\n`);
  });

  await test.step('Live Floor: full name, username and team', async () => {
    await menu(page).getByRole('link', { name: 'Live Floor' }).click();
    await expect(page.getByRole('heading', { name: 'Live Floor', level: 2 })).toBeVisible();
    await page.getByLabel('Search agents').fill(USERNAME);
    const row = page
      .getByRole('table', { name: 'Agents on the floor' })
      .getByRole('row')
      .filter({ hasText: `@${USERNAME}` });
    await expectShownAsText(row, `@${USERNAME}`);
    await expect(row.getByText(PAYLOAD, { exact: true })).toHaveCount(2); // full name, team
    await expectNothingInjected(page, dialogs);
  });

  await test.step('Audit Log: users, targets and details', async () => {
    await menu(page).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 2 })).toBeVisible();
    const log = page.getByRole('table', { name: 'Audit log' });
    await expectShownAsText(log, PAYLOAD); // the team created
    await expectShownAsText(log, `team ${PAYLOAD}`); // the employee registered into it
    await expectShownAsText(log, USERNAME); // them, as target and as user
    await expectShownAsText(log, `full name ${PAYLOAD}`); // their profile update
    await expectNothingInjected(page, dialogs);
    await shot(page, 'xss-audit-log');
  });

  expect(problems).toEqual([]);
});
