import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';

const SHOTS_DIR = '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });

const superAdmin = {
  username: 'ada',
  firstPassword: 'first-pass-1',
  newPassword: 'second-pass-2',
  question: 'What city were you born in?',
  answer: 'Leeds',
};

/** Every Content-Security-Policy complaint Chromium logs while the page runs. */
function watchForCspViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|execute|load)/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe.serial('signing in', () => {
  test('first run, sign-in, reload and password reset', async ({ page }) => {
    const cspViolations = watchForCspViolations(page);

    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Switchboard' })).toBeVisible();
    await shot(page, 'first-run');

    await page.getByLabel('Username', { exact: true }).fill(superAdmin.username);
    await page.getByLabel('Password', { exact: true }).fill(superAdmin.firstPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill('not-the-same');
    await page.getByRole('combobox', { name: 'Security Question' }).click();
    await page.getByRole('option', { name: superAdmin.question }).click();
    await page.getByLabel('Answer', { exact: true }).fill(superAdmin.answer);
    await page.getByRole('button', { name: 'Create Super Admin' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await shot(page, 'first-run-error');

    await page.getByLabel('Confirm Password', { exact: true }).fill(superAdmin.firstPassword);
    await page.getByRole('button', { name: 'Create Super Admin' }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByText('Demo version')).toBeVisible();
    await shot(page, 'admin-light');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Switchboard');
    await shot(page, 'sign-in');

    await signIn(page, superAdmin.username, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await shot(page, 'sign-in-error');

    await signIn(page, superAdmin.username, superAdmin.firstPassword);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();

    await page.reload();
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto('/agent');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // The sign-in page is a page load of its own: wait for it, not only for the URL.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Switchboard');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await shot(page, 'reset-step-1');
    await page.getByLabel('Username', { exact: true }).fill(superAdmin.username);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText(superAdmin.question)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Answer' })).toHaveAccessibleDescription(
      superAdmin.question,
    );
    await shot(page, 'reset-step-2');
    await page.getByLabel('Answer', { exact: true }).fill('Paris');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect answer to security question');
    await expect(page.getByRole('textbox', { name: 'Answer' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await shot(page, 'reset-step-2-error');
    await page.getByLabel('Answer', { exact: true }).fill(` ${superAdmin.answer.toUpperCase()} `);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
    await shot(page, 'reset-step-3');
    await page.getByLabel('New Password', { exact: true }).fill(superAdmin.newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(superAdmin.newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'Password reset successfully! You can now sign in with your new password.',
    );
    await shot(page, 'reset-success');

    await signIn(page, superAdmin.username, superAdmin.firstPassword);
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await signIn(page, superAdmin.username, superAdmin.newPassword);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();

    expect(cspViolations).toEqual([]);
  });

  test('the theme choice survives a reload without a flash', async ({ page }) => {
    const cspViolations = watchForCspViolations(page);
    await page.goto('/sign-in');
    await signIn(page, superAdmin.username, superAdmin.newPassword);
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();

    await page.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'Dark Mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('Dark Mode');
    await shot(page, 'admin-dark');

    // With the app's code held back, the pre-paint script alone must already have chosen dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('#root')).toBeEmpty();
    await page.unroute('**/assets/*.js');
    await page.reload();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Switchboard');
    await shot(page, 'sign-in-dark');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await shot(page, 'reset-step-1-dark');

    expect(cspViolations).toEqual([]);
  });

  test('a signed-out visit to a page returns there after signing in', async ({ page }) => {
    const cspViolations = watchForCspViolations(page);
    // The app sends the visitor to the sign-in page (its own entry: a page load) and the page
    // asked for travels with it, through a reload of the sign-in page too.
    await page.goto('/admin/employees');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.reload();
    await signIn(page, superAdmin.username, superAdmin.newPassword);
    await expect(page).toHaveURL(/\/admin\/employees$/);
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();

    // Signed in, the sign-in page sends them on to their side of the app.
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(cspViolations).toEqual([]);
  });
});

test('the API docs page works under the strict content security policy', async ({ page }) => {
  const cspViolations = watchForCspViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Switchboard API/ })).toBeVisible();
  await expect(page.getByText('/api/auth/sign-in', { exact: true })).toBeVisible();
  // Switchboard's name and logo, not the docs tool's; the live socket's document linked.
  await expect(page).toHaveTitle('Switchboard API');
  await expect(page.locator('.topbar img')).toHaveAttribute('src', /^data:image\/svg\+xml;/);
  await expect(page.getByRole('link', { name: '/api/asyncapi.json' })).toHaveAttribute(
    'href',
    '/api/asyncapi.json',
  );
  expect(cspViolations).toEqual([]);
});

test('the web app’s scripts arrive compressed, as the build wrote them', async ({ page }) => {
  const fetched: Promise<{ path: string; encoding?: string; sent: number }>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return;
    fetched.push(
      Promise.all([response.allHeaders(), response.request().sizes()]).then(([headers, sizes]) => ({
        path: pathname,
        encoding: headers['content-encoding'],
        sent: sizes.responseBodySize,
      })),
    );
  });
  // The sign-in page, or the first-run page (the app) when no one has set up yet.
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: /^(Sign In|Create Super Admin)$/ })).toBeVisible();
  // Each file once, as it came over the network (a repeat from the memory cache sends nothing).
  const overNetwork = new Map(
    (await Promise.all(fetched))
      .filter((chunk) => chunk.sent > 0)
      .map((chunk) => [chunk.path, chunk]),
  );
  const chunks = await Promise.all(
    [...overNetwork.values()].map(async (chunk) => {
      const plain = await page.request.get(chunk.path, {
        headers: { 'accept-encoding': 'identity' },
      });
      return { ...chunk, size: (await plain.body()).length };
    }),
  );
  // Files under 1 kB gain nothing and go as they are (scripts/precompress.mjs).
  const worthIt = chunks.filter((chunk) => chunk.size >= 1024);
  expect(worthIt.length).toBeGreaterThanOrEqual(3);
  for (const chunk of worthIt) expect(['br', 'gzip'], chunk.path).toContain(chunk.encoding);
  // The bulk is library code: under a third of its size goes over the wire (~a quarter in brotli).
  const total = (key: 'sent' | 'size') => chunks.reduce((sum, chunk) => sum + chunk[key], 0);
  expect(total('sent')).toBeLessThan(total('size') / 3);
});
