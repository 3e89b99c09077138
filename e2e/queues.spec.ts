import { type Page, expect, request, test } from '@playwright/test';
import {
  adminBaseURL,
  adminServer,
  menu,
  runId,
  shot,
  signIn,
  waitForAdminServer,
  watchForPageErrors,
} from './admin-journeys';
import { expectCallShown, interactions, setStatus, signInAgent } from './agent-journeys';

test.use({ baseURL: adminBaseURL });
test.beforeAll(waitForAdminServer);

/** A queue tile's figure on the live floor: the definition after its term. */
const figure = (page: Page, team: string, label: string) =>
  page
    .getByRole('region', { name: `${team} queue` })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

const PHONE = /\+1 \(\d{3}\)-\d{3}-\d{4}/;

test('a team queue: callers wait and give up on the live floor; the agent idle longest rings first', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const problems = watchForPageErrors(page);
  const api = await request.newContext({ baseURL: adminBaseURL });
  const { username, password } = adminServer.superAdmin;
  expect((await api.post('/api/auth/sign-in', { data: { username, password } })).ok()).toBe(true);
  const teamName = `Queue ${runId}`;
  const created = await api.post('/api/teams', { data: { name: teamName } });
  const teamId = (await created.json()).team.id as string;
  const agents = ['a', 'b'].map((suffix) => ({
    username: `queue-${runId}-${suffix}`,
    password: 'agent-pass-1',
  }));
  for (const agent of agents) {
    const registered = await api.post('/api/employees', {
      data: { ...agent, confirmPassword: agent.password, teamId },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
  }
  const setInbound = async (settings: object) => {
    const answer = await api.put(`/api/teams/${teamId}/inbound`, { data: settings });
    expect(answer.ok(), await answer.text()).toBe(true);
  };

  // The super admin turns the team into a queue: a caller a second, 3 s of patience on average.
  await signIn(page, username, password);
  await menu(page).getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('button', { name: `Inbound calls of ${teamName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inbound calls: ${teamName}` });
  await dialog.getByRole('radio', { name: 'Queue' }).check();
  await dialog.getByLabel('Calls per hour').fill('3600');
  await dialog.getByLabel('Caller patience (seconds)').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Inbound settings saved')).toBeVisible();
  await shot(page, 'queue-inbound-dialog');
  await page.keyboard.press('Escape');

  // Nobody answers: on the live floor, callers wait, then give up (service level 0 %).
  await menu(page).getByRole('link', { name: 'Live Floor' }).click();
  await expect(page.getByRole('region', { name: `${teamName} queue` })).toBeVisible();
  await expect(figure(page, teamName, 'Calls waiting')).toHaveText(/^[1-9]/, { timeout: 10_000 });
  await expect(figure(page, teamName, 'Longest wait')).toHaveText(/^00:0\d$/);
  await expect(figure(page, teamName, 'Service level')).toHaveText('0%', { timeout: 15_000 });
  await expect(figure(page, teamName, 'Agents available')).toHaveText('0');
  await shot(page, 'queue-tile-abandoning');

  // Callers stop coming and the last give up; two agents become Available, A first.
  await setInbound({ callsPerHour: 1 });
  await expect(figure(page, teamName, 'Calls waiting')).toHaveText('0', { timeout: 30_000 });
  const phones: Page[] = [];
  for (const agent of agents) {
    const context = await browser.newContext({ baseURL: adminBaseURL });
    const phone = await context.newPage();
    await signInAgent(phone, agent);
    await setStatus(phone, 'Available');
    await expect(figure(page, teamName, 'Agents available')).toHaveText(String(phones.length + 1));
    phones.push(phone);
  }
  const [first, second] = phones as [Page, Page];

  // Callers come again (a second apart on average) and never give up: the first rings at A,
  // idle longest, the next at B. Two in one tick ring at once, the older at A.
  await setInbound({ callsPerHour: 3600, patienceSeconds: 0 });
  for (const phone of phones) {
    await expect(interactions(phone).getByRole('button', { name: 'Answer' })).toBeVisible();
  }
  await setInbound({ callsPerHour: 1 });
  const offeredAt = async (phone: Page) =>
    Date.parse((await (await phone.request.get('/api/agent/state')).json()).call.offeredAt);
  expect(await offeredAt(first)).toBeLessThanOrEqual(await offeredAt(second));
  await expect(interactions(first).getByText(PHONE).first()).toBeVisible();

  await interactions(first).getByRole('button', { name: 'Answer' }).click();
  await interactions(second).getByRole('button', { name: 'Decline' }).click();
  await expect(figure(page, teamName, 'Speed of answer')).toHaveText(/^\d+ s$/);
  await expect(figure(page, teamName, 'Calls waiting')).not.toHaveText('0');
  await shot(page, 'queue-tile-answered');

  // The call ends: with a handle time, Erlang C sizes the queue on the tile.
  await expectCallShown(first, []);
  await interactions(first).getByRole('button', { name: 'End Call' }).click();
  await expect(figure(page, teamName, 'Agents needed')).toHaveText(/^\d+$/);
  await expect(page.getByText('Erlang C, last hour')).toBeVisible();
  await shot(page, 'queue-tile-staffed');

  // Analytics: the team's row in Queues, and its intervals as charts, in both themes.
  await menu(page).getByRole('link', { name: 'Analytics' }).click();
  const queues = page.getByRole('region', { name: 'Queues' });
  const row = queues.getByRole('table', { name: 'Queues' }).getByRole('row', { name: teamName });
  await expect(row.getByRole('cell').first()).toHaveText(/^[1-9]\d*$/);
  await expect(queues.getByRole('figure', { name: 'Callers per 30 minutes' })).toBeVisible();
  await queues.scrollIntoViewIfNeeded();
  await shot(page, 'queue-analytics');
  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Dark Mode' }).click();
  await shot(page, 'queue-analytics-dark');
  await menu(page).getByRole('link', { name: 'Live Floor' }).click();
  await expect(figure(page, teamName, 'Agents needed')).toHaveText(/^\d+$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'queue-tile-staffed-dark');
  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Light Mode' }).click();

  // Deleting the team ends its queue: the tile goes.
  expect((await api.delete(`/api/teams/${teamId}`)).ok()).toBe(true);
  await expect(page.getByRole('region', { name: `${teamName} queue` })).toHaveCount(0);
  for (const phone of phones) await phone.context().close();
  await api.dispose();
  expect(problems).toEqual([]);
});
