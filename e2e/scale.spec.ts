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
