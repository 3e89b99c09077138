import { expect, test } from '@playwright/test';
import {
  adminServer,
  menu,
  runId,
  shiftBaseURL,
  shot,
  signIn,
  waitForServer,
} from './admin-journeys';
import {
  activityRows,
  consoleLog,
  expectCallShown,
  interactions,
  registerAgent,
  setStatus,
  signInAgent,
  statusSelector,
} from './agent-journeys';

/**
 * Wrap-up as a team and its agent live it: the super admin requires a code and adds one on the
 * Teams page; the agent dials out, ends the call, is held in After Call Work until a code is
 * chosen, writes notes, reloads and finds both; the admin sees the call counted by its code,
 * and its code, notes and transcript in the employee's recent calls.
 */
test.use({ baseURL: shiftBaseURL });
test.beforeAll(() => waitForServer(shiftBaseURL));

test('a required wrap-up code, chosen in After Call Work, kept across a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const agent = await registerAgent('wrap', shiftBaseURL);
  const teamName = `Phones ${runId}-wrap`;

  // The super admin: the team's wrap-up from its row on the Teams page.
  const admin = await (await browser.newContext()).newPage();
  const { username, password } = adminServer.superAdmin;
  await signIn(admin, username, password);
  await menu(admin).getByRole('link', { name: 'Teams' }).click();
  await admin.getByRole('searchbox', { name: 'Search teams' }).fill(teamName);
  await admin.getByRole('button', { name: `Wrap-up of ${teamName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Wrap-up: ${teamName}` });
  await expect(dialog.getByRole('table', { name: 'Wrap-up codes' })).toContainText('Resolved');
  await dialog
    .getByRole('switch', { name: 'Require a wrap-up code before leaving After Call Work' })
    .check();
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(dialog.getByText('Rules saved')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New code' }).fill('Refund issued');
  await dialog.getByRole('button', { name: 'Add code' }).click();
  await expect(dialog.getByRole('switch', { name: 'Refund issued active' })).toBeChecked();
  await admin.keyboard.press('Escape');

  // The agent: a call out, then After Call Work with the call in it.
  const page = await (await browser.newContext()).newPage();
  const log = consoleLog(page);
  await signInAgent(page, agent);
  await setStatus(page, 'Out Bound');
  await page.getByRole('button', { name: 'Dialer' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('4155551234');
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  await expectCallShown(page, log);
  await interactions(page).getByRole('button', { name: 'End Call' }).click();
  const afterCall = page.getByRole('region', { name: 'After Call Work' });
  await expect(afterCall).toContainText('+1 (415)-555-1234');
  await expect(afterCall).toContainText('Your team requires a code before you change status');

  // Leaving without a code is refused, with the reason.
  await statusSelector(page).click();
  await page.getByRole('option', { name: /^Available/ }).click();
  await expect(
    page.getByText('Choose a wrap-up code before leaving After Call Work'),
  ).toBeVisible();
  await expect(statusSelector(page)).toContainText('After Call Work');

  // A code and notes, each saved as given, both there after a reload.
  await afterCall.getByRole('combobox', { name: 'Wrap-up code' }).click();
  await page.getByRole('option', { name: 'Refund issued' }).click();
  await afterCall.getByRole('textbox', { name: 'Notes' }).fill('Refund of $40 sent');
  await expect(afterCall.getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(afterCall.getByRole('combobox', { name: 'Wrap-up code' })).toHaveValue(
    'Refund issued',
  );
  await expect(afterCall.getByRole('textbox', { name: 'Notes' })).toHaveValue('Refund of $40 sent');
  await expect(activityRows(page).nth(1)).toContainText('Refund issued');
  await setStatus(page, 'Available');
  await expect(afterCall).toHaveCount(0);

  // The admin: the employee's analytics count the call by its code.
  const employees = await admin.request.get(
    `/api/employees?search=${encodeURIComponent(agent.username)}`,
  );
  const { employees: found } = (await employees.json()) as { employees: { id: string }[] };
  await admin.goto(`/admin/analytics/${found[0]!.id}`);
  const byCode = admin.getByRole('region', { name: 'Calls by wrap-up code' });
  await expect(byCode).toContainText('Refund issued');
  await expect(byCode.getByRole('definition')).toHaveText('1');

  // … and the call itself: its code, notes and transcript (the one called said hello).
  const recent = admin.getByRole('region', { name: 'Recent calls' });
  await recent.getByRole('button', { name: '+1 (415)-555-1234' }).click();
  const details = admin.getByRole('dialog', { name: 'Call details' });
  await expect(details).toContainText('Refund issued');
  await expect(details.getByRole('region', { name: 'Notes' })).toContainText('Refund of $40 sent');
  await expect(details.getByRole('region', { name: 'Transcript' })).toContainText('Caller: Hello?');
  await shot(admin, 'wrap-up-admin-call-details');
});
