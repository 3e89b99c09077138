import { type Page, expect, test } from '@playwright/test';
import { adminBaseURL, adminServer, signIn, waitForAdminServer } from './admin-journeys';
import { registerAgent, signInAgent } from './agent-journeys';

/**
 * A clean console: no error logged, no uncaught error and no Content-Security-Policy
 * violation, signed out (the sign-in page, and an app page that sends the visitor there) and
 * signed in (admin pages, the softphone). A failed request is a console error in Chromium,
 * and a CSP violation is reported even when the code that caused it caught the refusal.
 */
test.use({ baseURL: adminBaseURL });
test.beforeAll(waitForAdminServer);

declare global {
  interface Window {
    /** Every `securitypolicyviolation` of this document, filled by the init script below. */
    cspViolations?: string[];
    /** The same, reported to the test as it happens: pages the app leaves are not read later. */
    reportCspViolation?: (violation: string) => void;
  }
}

/** Starts recording every console problem of `page`; `expectNone` fails on any. */
async function watchConsole(page: Page) {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    const isCspMessage = /Content Security Policy|Refused to /i.test(message.text());
    if (message.type() === 'error' || isCspMessage) {
      const { url, lineNumber } = message.location();
      problems.push(
        `${where()}: console ${message.type()}: ${message.text()} (${url}:${lineNumber})`,
      );
    }
  });
  page.on('pageerror', (error) => problems.push(`${where()}: page error: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (violation: string) =>
    problems.push(`${where()}: CSP violation: ${violation}`),
  );
  await page.addInitScript(() => {
    const violations: string[] = [];
    window.cspViolations = violations;
    // Captured at the window: a violation's event is fired at the document or an element.
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const violation = `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`;
        violations.push(violation);
        window.reportCspViolation?.(violation);
      },
      true,
    );
  });

  return {
    /** Waits until the page is quiet, then fails on anything recorded so far. */
    async expectNone() {
      await page.waitForLoadState('networkidle');
      const inPage = await page.evaluate(() => window.cspViolations ?? []);
      const reported = problems.filter((problem) => problem.includes('CSP violation'));
      // The page's own record, in case a violation arrived before the test could hear it.
      for (const violation of inPage) {
        if (!reported.some((problem) => problem.endsWith(violation))) {
          problems.push(`${where()}: CSP violation: ${violation}`);
        }
      }
      expect(problems).toEqual([]);
    },
  };
}

test('signed-out pages log nothing', async ({ page }) => {
  const pageConsole = await watchConsole(page);

  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await pageConsole.expectNone();

  // The app's own gate asks who is signed in, then sends the visitor to the sign-in page.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await pageConsole.expectNone();
});

test('admin pages log nothing', async ({ page }) => {
  const pageConsole = await watchConsole(page);
  const { username, password } = adminServer.superAdmin;

  await signIn(page, username, password);
  await pageConsole.expectNone();

  // A page load of its own, signed in: the session is asked for again.
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { name: 'Teams Management' })).toBeVisible();
  await pageConsole.expectNone();
});

test('the softphone logs nothing', async ({ page }) => {
  const pageConsole = await watchConsole(page);
  const agent = await registerAgent('console');

  await signInAgent(page, agent);
  await expect(page.getByRole('heading', { name: 'Employee Portal' })).toBeVisible();
  await pageConsole.expectNone();

  await page.reload();
  await expect(page.getByText(`Welcome, ${agent.username}`)).toBeVisible();
  await pageConsole.expectNone();
});
