import { type Page, expect, test } from '@playwright/test';
import {
  adminServer,
  menu,
  shot,
  signIn,
  waitForServer,
  watchForPageErrors,
} from './admin-journeys';

/**
 * The admin portal's lists at the size of a real call centre: the scale server holds a demo
 * centre of 2,000 agents in 20 teams (serve.mjs), and every list pages, sorts and searches on
 * the server.
 */
const { scaleServer } = adminServer as typeof adminServer & {
  scaleServer: {
    port: number;
    agents: number;
    superAdmin: { username: string; password: string };
  };
};
const total = scaleServer.agents.toLocaleString('en-US');

test.use({ baseURL: `http://localhost:${scaleServer.port}` });
// It starts last, once its demo centre is generated.
test.beforeAll(async () => {
  test.setTimeout(320_000);
  await waitForServer(`http://localhost:${scaleServer.port}`, 300_000);
});

async function openEmployees(page: Page) {
  await menu(page).getByRole('link', { name: 'Employees' }).click();
  await expect(page.getByText(`Showing ${total} of ${total} employees`)).toBeVisible();
}

const bodyRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

async function usernames(page: Page) {
  return bodyRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''),
  );
}

test('employees page, sort and search on the server; the URL keeps them', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await signIn(page, scaleServer.superAdmin.username, scaleServer.superAdmin.password);
  await openEmployees(page);
  await expect(page.getByText('(1–50)')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);

  // Sort by username: the header says so, and the rows are in that order.
  const username = page.getByRole('columnheader', { name: 'Username' });
  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=username/);
  const ascending = await usernames(page);
  expect(ascending).toEqual(
    ascending.toSorted((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  );
  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => usernames(page)).not.toEqual(ascending);

  // Page 3, then a reload: the same page, sort and rows.
  await page
    .getByRole('navigation', { name: 'Pages of employees' })
    .getByRole('button', { name: 'Page 3' })
    .click();
  await expect(page.getByText('(101–150)')).toBeVisible();
  const pageThree = await usernames(page);
  await page.reload();
  await expect(page.getByText('(101–150)')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Username' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(await usernames(page)).toEqual(pageThree);

  // Search: the count says how many match of all, and a new search starts at page 1.
  const search = page.getByRole('searchbox', { name: 'Search employees' });
  await search.fill('an');
  await expect(page.getByText(new RegExp(`^Showing [\\d,]+ of ${total} employees$`))).toBeVisible();
  await expect(page).toHaveURL(/search=an/);
  await expect(page).not.toHaveURL(/page=3/);
  await expect(page.getByText(`Showing ${total} of ${total} employees`)).toHaveCount(0);
  await expect
    .poll(async () => (await usernames(page)).every((name) => name.toLowerCase().includes('an')))
    .toBe(true);
  await shot(page, 'scale-employees-search');

  // Back to the unsearched page 3, forward to the search again.
  await page.goBack();
  await expect(page.getByText('(101–150)')).toBeVisible();
  await expect(search).toHaveValue('');
  await page.goForward();
  await expect(search).toHaveValue('an');
  expect(problems).toEqual([]);
});

test('an inline edit says what happened at the row, where the admin is looking', async ({
  page,
}) => {
  await signIn(page, scaleServer.superAdmin.username, scaleServer.superAdmin.password);
  await openEmployees(page);
  const header = page.getByRole('table').getByRole('columnheader');
  const widths = () =>
    header.evaluateAll((cells) =>
      cells.map((cell) => Math.round(cell.getBoundingClientRect().width)),
    );
  const before = await widths();

  // The last row of the page, far below the top.
  const last = bodyRows(page).last();
  const name = (await last.locator('td').nth(1).textContent()) ?? '';
  await last.getByRole('button', { name: `Edit ${name}` }).click();
  const row = page.getByRole('row', { name: `Editing ${name}` });
  expect(await widths()).toEqual(before);

  await row.getByRole('textbox', { name: 'New password' }).fill('abc');
  await row.getByRole('button', { name: 'Save' }).click();
  const feedback = row.getByRole('alert');
  await expect(feedback).toHaveText('Password must be at least 6 characters');
  await expect(feedback).toBeInViewport();
  await shot(page, 'scale-row-error');
  // Fixing the field it is about clears it.
  await row.getByRole('textbox', { name: 'New password' }).fill('abcdef');
  await expect(feedback).toHaveText('');

  await row.getByRole('button', { name: 'Save' }).click();
  await expect(feedback).toHaveText('Employee updated successfully');
  await expect(feedback).toBeInViewport();
  await expect(row).toHaveCount(0);
});

test('a team of a hundred: the members modal searches, pages and asks before removing', async ({
  page,
}) => {
  await signIn(page, scaleServer.superAdmin.username, scaleServer.superAdmin.password);
  await menu(page).getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByText('Showing 20 of 20 teams')).toBeVisible();
  const firstTeam = page.getByRole('table').getByRole('row').nth(1).getByRole('button').first();
  const teamName = (await firstTeam.textContent()) ?? '';
  await firstTeam.click();

  const members = page.getByRole('dialog', { name: `${teamName} Members` });
  await expect(members.getByText(/^Showing 101 of 101 members$/)).toBeVisible();
  await expect(members.getByText('(1–50)')).toBeVisible();
  await members.getByRole('button', { name: 'Page 3' }).click();
  await expect(members.getByText('(101–101)')).toBeVisible();

  const someone = (await members
    .getByRole('button', { name: /^Remove / })
    .first()
    .getAttribute('aria-label'))!.replace(/^Remove /, '');
  await members.getByRole('searchbox').fill(someone);
  await expect(members.getByText(/^Showing \d+ of 101 members$/)).toBeVisible();
  await members.getByRole('button', { name: `Remove ${someone}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Team Member' });
  await expect(confirm).toContainText(someone);
  await shot(page, 'scale-remove-member');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(members.getByText(/^Showing \d+ of 101 members$/)).toBeVisible();
});

test("a team's employee cards sort by a figure, keep the flagged, and turn into a table", async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await signIn(page, scaleServer.superAdmin.username, scaleServer.superAdmin.password);
  await menu(page).getByRole('link', { name: 'Analytics' }).click();
  const teamCard = page.getByRole('article').first();
  await teamCard.getByRole('link').first().click();
  const footer = page.getByText(/^Showing [\d,]+ of [\d,]+ employees$/);
  await expect(footer).toHaveText(/^Showing (\d+) of \1 employees$/);
  const inTeam = Number(/of (\d+)/.exec((await footer.textContent()) ?? '')![1]);
  expect(inTeam).toBeGreaterThan(50);
  await expect(page.getByRole('article')).toHaveCount(50);

  // The compact table, by total calls, most first: the column is in that order.
  await page.getByText('Table', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Total calls');
  await page.getByRole('button', { name: 'Descending' }).click();
  await expect(page).toHaveURL(/sort=-totalCalls/);
  const totalCalls = page.getByRole('columnheader', { name: 'Total Calls' });
  await expect(totalCalls).toHaveAttribute('aria-sort', 'descending');
  // A cell's leading number: a count, or a Flags cell's '2: Lunch, After Call Work'.
  const column = async (index: number) =>
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .evaluateAll(
        (rows, at) =>
          rows.map((row) =>
            parseInt((row.querySelectorAll('td')[at]?.textContent ?? '').replaceAll(',', ''), 10),
          ),
        index,
      );
  // Team, Total Calls, …: the second cell after the row's header.
  await expect.poll(async () => (await column(1)).length).toBe(50);
  const calls = await column(1);
  expect(calls).toEqual(calls.toSorted((a, b) => b - a));
  expect(calls[0]).toBeGreaterThan(0);

  // Only the flagged, by how many flags: every row has one, and the count says how many of all.
  await page.getByRole('switch', { name: 'Flagged only' }).click();
  await expect(page).toHaveURL(/flagged=true/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Flags');
  await expect(page.getByRole('columnheader', { name: 'Flags' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Until the filtered rows arrive the footer still counts them all (the previous page stays).
  const shown = async () => Number(/^Showing (\d+)/.exec((await footer.textContent()) ?? '')?.[1]);
  await expect.poll(shown).toBeLessThan(inTeam);
  await expect(footer).toHaveText(new RegExp(`^Showing \\d+ of ${inTeam} employees$`));
  const flagged = await shown();
  expect(flagged).toBeGreaterThan(0);
  const flags = await column(9);
  expect(flags.length).toBe(Math.min(50, flagged));
  expect(flags.every((count) => count > 0)).toBe(true);
  expect(flags).toEqual(flags.toSorted((a, b) => b - a));
  await shot(page, 'scale-analytics-flagged-table');

  // A reload keeps the view, the order and the filter.
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Flags' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('switch', { name: 'Flagged only' })).toBeChecked();
  await expect(footer).toHaveText(`Showing ${flagged} of ${inTeam} employees`);
  expect(problems).toEqual([]);
});

test('the live floor of 2,000 agents filters by status, searches and pages', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await signIn(page, scaleServer.superAdmin.username, scaleServer.superAdmin.password);
  await menu(page).getByRole('link', { name: 'Live Floor' }).click();
  await expect(page.getByText(`Showing ${total} of ${total} agents`)).toBeVisible();
  const floor = page.getByRole('table', { name: 'Agents on the floor' });
  const rows = floor.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(50);

  // The status cards count the whole floor; the filter shows as many as its card says.
  const cards = await page
    .getByRole('list', { name: 'Agents by status' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const [label, count] = [...item.querySelectorAll('p')].map((p) => p.textContent ?? '');
        return { label: label!, count: Number(count!.replaceAll(',', '')) };
      }),
    );
  expect(cards.reduce((sum, card) => sum + card.count, 0)).toBe(scaleServer.agents);
  const most = cards.toSorted((a, b) => b.count - a.count)[0]!;
  await page.getByRole('combobox', { name: 'Status' }).selectOption(most.label);
  await expect(page).toHaveURL(/status=/);
  const shown = most.count.toLocaleString('en-US');
  await expect(page.getByText(`Showing ${shown} of ${total} agents`)).toBeVisible();
  await expect
    .poll(() =>
      rows.evaluateAll((cells) => cells.map((row) => row.querySelectorAll('td')[2]?.textContent)),
    )
    .toEqual(Array(Math.min(50, most.count)).fill(most.label));
  const none = cards.find((card) => card.count === 0);
  if (none) {
    await page.getByRole('combobox', { name: 'Status' }).selectOption(none.label);
    await expect(floor.getByText('No agents match your search')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption(most.label);
    await expect(page.getByText(`Showing ${shown} of ${total} agents`)).toBeVisible();
  }

  // Sorted by agent, a second page; then a search within the filter, from page 1.
  await floor.getByRole('button', { name: 'Agent' }).click();
  await expect(floor.getByRole('columnheader', { name: 'Agent' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await page
    .getByRole('navigation', { name: 'Pages of agents' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(page.getByText('(51–100)')).toBeVisible();
  await page.reload();
  await expect(page.getByText('(51–100)')).toBeVisible();
  expect(
    await page
      .getByRole('combobox', { name: 'Status' })
      .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
  ).toBe(most.label);

  await page.getByRole('textbox', { name: 'Search agents' }).fill('an');
  await expect(page).toHaveURL(/search=an/);
  await expect(page.getByText(/^\(1–\d+\)$/)).toBeVisible();
  await expect
    .poll(async () =>
      (await rows.allTextContents()).every((text) => /an/i.test(text) && text.includes(most.label)),
    )
    .toBe(true);
  await shot(page, 'scale-live-floor');
  expect(problems).toEqual([]);
});
