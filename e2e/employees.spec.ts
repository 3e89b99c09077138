import { type Page, expect, test } from '@playwright/test';
import {
  adminBaseURL,
  adminServer,
  createTeam,
  menu,
  runId,
  shot,
  signIn,
  waitForAdminServer,
  watchForPageErrors,
} from './admin-journeys';

const { superAdmin } = adminServer;
const team = `Floor ${runId}`;
const agent = { username: `agent-${runId}`, password: 'agent-pass-1' };
const renamed = `agent-${runId}-b`;

test.use({ baseURL: adminBaseURL });

test.beforeAll(waitForAdminServer);

/** The figure on the dashboard's 'Total Employees' card. */
async function totalEmployees(page: Page) {
  const figure = page.getByRole('region', { name: 'Total Employees' }).getByText(/^[\d,]+$/);
  await expect(figure).toBeVisible();
  return Number((await figure.textContent())!.replaceAll(',', ''));
}

async function openDashboard(page: Page) {
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
}

async function searchEmployees(page: Page, username: string) {
  await page.getByRole('searchbox', { name: 'Search employees' }).fill(username);
  await expect(page.getByText(/^Showing 1 of \d+ employees$/)).toBeVisible();
}

test('an admin registers an employee, finds, renames and deletes them', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await signIn(page, superAdmin.username, superAdmin.password);
  const totalBefore = await totalEmployees(page);

  await menu(page).getByRole('link', { name: 'Teams' }).click();
  await createTeam(page, team, 'Registration journey');

  // Register from the top bar's button; the form checks before the server is asked.
  await page.getByRole('banner').getByRole('link', { name: 'Register Employee' }).click();
  await expect(page.getByRole('heading', { name: 'Register Employee' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Register Employee' });
  await form.getByRole('textbox', { name: 'Username' }).fill(agent.username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(agent.password);
  await form.getByRole('textbox', { name: 'Confirm Password' }).fill('something-else');
  await form.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: team }).click();
  await form.getByRole('button', { name: 'Register Employee' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
  await expect(form.getByRole('textbox', { name: 'Confirm Password' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await shot(page, 'register-form-error');

  await form.getByRole('textbox', { name: 'Confirm Password' }).fill(agent.password);
  await form.getByRole('button', { name: 'Register Employee' }).click();
  await expect(form.getByRole('alert')).toHaveText('Employee registered successfully');
  await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue('');
  await shot(page, 'register-form-success');

  // A second registration with the same name is refused by the server.
  await form.getByRole('textbox', { name: 'Username' }).fill(agent.username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(agent.password);
  await form.getByRole('textbox', { name: 'Confirm Password' }).fill(agent.password);
  await form.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: team }).click();
  await form.getByRole('button', { name: 'Register Employee' }).click();
  await expect(form.getByRole('alert')).toHaveText('Username already exists');

  // Find them on the Employees page.
  await menu(page).getByRole('link', { name: 'Employees' }).click();
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ employees$/)).toBeVisible();
  await searchEmployees(page, agent.username.toUpperCase());
  const row = page.getByRole('row').filter({ hasText: agent.username });
  await expect(row).toContainText(team);
  await expect(row).toContainText('••••••••');
  await shot(page, 'employees-page');

  // Rename them inline.
  await page.getByRole('button', { name: `Edit ${agent.username}` }).click();
  const editRow = page.getByRole('row', { name: `Editing ${agent.username}` });
  await expect(editRow.getByRole('textbox', { name: 'New password' })).toHaveAttribute(
    'placeholder',
    'Leave blank to keep current',
  );
  await editRow.getByRole('textbox', { name: 'Username' }).fill(renamed);
  await shot(page, 'employees-edit-row');
  await editRow.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Employee updated successfully');
  // The row closes 1.5 s after saving; the new name is still found by the search.
  await expect(page.getByRole('button', { name: `Edit ${renamed}` })).toBeVisible();
  await expect(editRow).toHaveCount(0);

  // The dashboard counts them and names them in its recent activity.
  await openDashboard(page);
  await expect.poll(() => totalEmployees(page)).toBe(totalBefore + 1);
  const activity = page
    .getByRole('region', { name: 'Recent Activities' })
    .getByRole('link', { name: new RegExp(`^${renamed} registered`) });
  await expect(activity).toContainText(/just now|minute ago|minutes ago/);
  await shot(page, 'dashboard');
  await activity.click();
  await expect(page).toHaveURL(/\/admin\/analytics\/[0-9a-f-]{36}$/);

  // Delete them through the confirmation modal.
  await menu(page).getByRole('link', { name: 'Employees' }).click();
  await searchEmployees(page, renamed);
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Employee' });
  await expect(confirm).toContainText(`Are you sure you want to delete ${renamed}?`);
  await shot(page, 'delete-employee-modal');
  await confirm.getByRole('button', { name: 'Confirm Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Employee deleted successfully');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No employees found matching your search')).toBeVisible();

  await openDashboard(page);
  await expect.poll(() => totalEmployees(page)).toBe(totalBefore);
  await expect(
    page.getByRole('region', { name: 'Recent Activities' }).getByText(renamed),
  ).toHaveCount(0);

  expect(problems).toEqual([]);
});
