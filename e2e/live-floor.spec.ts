import { expect, test } from '@playwright/test';
import {
  adminBaseURL,
  adminServer,
  shot,
  signIn,
  waitForAdminServer,
  watchForPageErrors,
} from './admin-journeys';
import { registerAgent, signInAgent, statusSelector } from './agent-journeys';

test.use({ baseURL: adminBaseURL });
test.beforeAll(waitForAdminServer);

test("the live floor shows an agent's change made in another browser within a second", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const problems = watchForPageErrors(page);
  const agent = await registerAgent('floor');
  const { username, password } = adminServer.superAdmin;
  await signIn(page, username, password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Live Floor' })
    .click();
  await expect(page.getByRole('heading', { name: 'Live Floor', level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  // The floor shows a page at a time: the search keeps this agent on it.
  await page.getByLabel('Search agents').fill(agent.username);
  const row = page
    .getByRole('table', { name: 'Agents on the floor' })
    .getByRole('row', { name: new RegExp(`@${agent.username}`) });
  await expect(row).toContainText('Gone Home');
  await expect(row).toContainText('Offline');

  // The agent, in a browser of their own: opening the softphone shows them online.
  const agentContext = await browser.newContext({ baseURL: adminBaseURL });
  const agentPage = await agentContext.newPage();
  await signInAgent(agentPage, agent);
  await expect(row).toContainText('Online', { timeout: 1000 });

  await statusSelector(agentPage).click();
  await agentPage.getByRole('option', { name: /^Break/ }).click();
  await expect(row).toContainText('Break', { timeout: 1000 });
  await expect(page.getByLabel(/^Break: /)).toHaveText(/[1-9]/);
  // Time in status ticks from the change.
  await expect(row).toContainText('00:00:0');
  await shot(page, 'live-floor');

  await statusSelector(agentPage).click();
  await agentPage.getByRole('option', { name: /^Gone Home/ }).click();
  await expect(row).toContainText('Gone Home', { timeout: 1000 });
  await agentContext.close();
  await expect(row).toContainText('Offline', { timeout: 1000 });
  expect(problems).toEqual([]);
});
