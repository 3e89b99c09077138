import { type WebSocketRoute, expect, test } from '@playwright/test';
import { adminBaseURL, shot, waitForAdminServer } from './admin-journeys';
import {
  OFFER_WITHIN_MS,
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
 * The softphone with the server's real call engine and spec §9 timings: an offer within
 * 5–11 s of going Available, a 20 s ring.
 */
test.use({ baseURL: adminBaseURL });
test.beforeAll(waitForAdminServer);

const RING_OUT_WITHIN_MS = 22_000;

test('an agent answers a call, ends it, lets another ring out, and dials out', async ({ page }) => {
  test.setTimeout(150_000);
  const log = consoleLog(page);
  const agent = await registerAgent('a');
  await signInAgent(page, agent);
  await expect(page.getByRole('heading', { name: 'Employee Portal' })).toBeVisible();
  await expect(interactions(page).getByText('No active calls')).toBeVisible();
  await expect(page.getByText('No call activity yet')).toBeVisible();
  // Gone Home at first: Logout is allowed; in any other status it is not.
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeEnabled();
  await shot(page, 'agent-1-dashboard');

  // Available: a call rings within 11 s; answer it.
  await setStatus(page, 'Available');
  await expect(logout).toBeDisabled();
  await expect(logout).toHaveAccessibleDescription('Set status to Gone Home to sign out');
  await expect(interactions(page).getByText('Incoming call...')).toBeVisible({
    timeout: OFFER_WITHIN_MS,
  });
  await shot(page, 'agent-2-incoming');
  await interactions(page).getByRole('button', { name: 'Answer' }).click();
  await expect(interactions(page).getByText('Connecting...')).toBeVisible();
  await expectCallShown(page, log);
  await expect(statusSelector(page)).toContainText('On Call');

  // The Active Call modal: notes saved with the call, End Call → After Call Work.
  await page.getByRole('button', { name: 'View Call' }).click();
  const modal = page.getByRole('dialog', { name: 'Active Call' });
  await expect(modal.getByText('Connected')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Call notes' }).fill('Asked about the invoice');
  await shot(page, 'agent-3-active-call');
  await modal.getByRole('button', { name: 'End Call' }).click();
  await expect(modal).toBeHidden();
  await expect(statusSelector(page)).toContainText('After Call Work');
  await expect(activityRows(page).nth(1)).toContainText('Inbound');
  await expect(activityRows(page).nth(1)).toContainText('Answered');

  // Available again: this one is left to ring out and is logged missed.
  await setStatus(page, 'Available');
  await expect(interactions(page).getByText('Incoming call...')).toBeVisible({
    timeout: OFFER_WITHIN_MS,
  });
  await expect(interactions(page).getByText('No active calls')).toBeVisible({
    timeout: RING_OUT_WITHIN_MS,
  });
  await expect(activityRows(page).nth(1)).toContainText('Missed');

  // The dialer: Call only in Out Bound.
  await setStatus(page, 'Break');
  await page.getByRole('button', { name: 'Dialer' }).click();
  const dialer = page.getByRole('form', { name: 'Dialer' });
  await dialer.getByRole('textbox', { name: 'Phone number' }).fill('12125550100');
  await expect(dialer.getByRole('textbox', { name: 'Phone number' })).toHaveValue(
    '+1 (212)-555-0100',
  );
  await expect(dialer.getByRole('button', { name: 'Call' })).toBeDisabled();
  await setStatus(page, 'Out Bound');
  await dialer.getByRole('button', { name: 'Call' }).click();
  await expect(interactions(page).getByText('Connecting...')).toBeVisible();
  await expectCallShown(page, log);
  // The one called picks up: the practice caller says hello.
  const transcript = interactions(page).getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('Caller: Hello?');
  await shot(page, 'agent-4-outbound');
  await interactions(page).getByRole('button', { name: 'End Call' }).click();
  await expect(statusSelector(page)).toContainText('After Call Work');
  await expect(activityRows(page).nth(1)).toContainText('Outbound');
  await expect(activityRows(page)).toHaveCount(4); // header + 3 calls

  // Sign-out needs Gone Home.
  await setStatus(page, 'Gone Home');
  await expect(logout).toBeEnabled();
  await shot(page, 'agent-5-activity');
  await logout.click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the status timer survives a reload, and a second tab follows the first', async ({
  page,
  context,
}) => {
  const agent = await registerAgent('b');
  await signInAgent(page, agent);
  await setStatus(page, 'Lunch');
  await page.waitForTimeout(3000);
  await expect(statusSelector(page)).toContainText(/Lunch\s*00:00:0[3-9]/);

  // After a reload the timer continues from the interval's start: it does not restart at 0.
  await page.reload();
  await expect(statusSelector(page)).toContainText(/Lunch\s*00:00:(0[3-9]|1\d)/);

  // The second tab's live socket goes through a stand-in for the network, to be cut below.
  const second = await context.newPage();
  let isCut = false;
  const sockets: WebSocketRoute[] = [];
  const restarting = { code: 1012, reason: 'Server restarting' };
  await second.routeWebSocket(/\/api\/live$/, (socket) => {
    if (isCut) return void socket.close(restarting);
    socket.connectToServer();
    sockets.push(socket);
  });
  await second.goto('/agent');
  await expect(statusSelector(second)).toContainText('Lunch');
  await setStatus(page, 'Personal Time');
  await expect(statusSelector(second)).toContainText('Personal Time', { timeout: 1000 });
  await shot(second, 'agent-6-second-tab');

  // A server restart as the second tab sees it: the socket closes and cannot come back for a
  // while. The tab says it is reconnecting; once back, it catches up with what it missed.
  const reconnecting = second.getByRole('status', { name: 'Reconnecting...' });
  await expect(reconnecting).toBeHidden();
  isCut = true;
  await Promise.all(sockets.map((socket) => socket.close(restarting)));
  await expect(reconnecting).toBeVisible();
  await setStatus(page, 'Break');
  await shot(second, 'agent-7-reconnecting');
  isCut = false;
  await expect(reconnecting).toBeHidden({ timeout: 15_000 });
  await expect(statusSelector(second)).toContainText('Break');
});

test('an agent keeps a full name, changes their password and reads today’s totals', async ({
  page,
}) => {
  const agent = await registerAgent('c');
  await signInAgent(page, agent);
  const drawer = page.getByRole('navigation');

  await drawer.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/agent\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  // Their own figures for today: a new agent has no calls and no status time yet.
  await expect(page.getByRole('heading', { name: agent.username, level: 3 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveValue('today');
  await expect(page.getByText('New Employee')).toBeVisible();
  await expect(page.getByText('No status data available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await shot(page, 'agent-7-analytics');

  await drawer.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/agent\/profile$/);
  await expect(page.getByText(agent.username).first()).toBeVisible();
  const fullName = page.getByRole('form', { name: 'Full name' });
  await fullName.getByLabel('Full name').fill('Dana Phones');
  await fullName.getByRole('button', { name: 'Save' }).click();
  await expect(fullName.getByRole('alert')).toBeVisible();

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password', { exact: true }).fill(agent.password);
  await password.getByLabel('New password', { exact: true }).fill('new-pass-2');
  await password.getByLabel('Confirm password', { exact: true }).fill('new-pass-2');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('Password changed successfully')).toBeVisible();
  await shot(page, 'agent-8-profile');

  await page.reload();
  await expect(page.getByRole('form', { name: 'Full name' }).getByLabel('Full name')).toHaveValue(
    'Dana Phones',
  );
});

test('signing out the other sessions sends the other browser to sign-in', async ({
  browser,
  page,
}) => {
  const agent = await registerAgent('d');
  await signInAgent(page, agent);
  const otherContext = await browser.newContext({ baseURL: adminBaseURL });
  const other = await otherContext.newPage();
  await signInAgent(other, agent);

  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/agent\/profile$/);
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const sessionRows = sessions.getByRole('table', { name: 'Your sessions' }).getByRole('row');
  await expect(sessionRows).toHaveCount(3); // the header and two sessions
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(sessions.getByRole('alert')).toHaveText('Signed out 1 other session');
  await expect(sessionRows).toHaveCount(2);
  await expect(sessions.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  await shot(page, 'agent-9-sessions');

  // The other browser's next page finds its session gone: the sign-in page. Its live socket may
  // have been closed with the session and sent it there already, interrupting or aborting this
  // navigation.
  await other.goto('/agent/analytics').catch((error: unknown) => {
    const text = String(error);
    if (!text.includes('interrupted by another navigation') && !text.includes('net::ERR_ABORTED'))
      throw error;
  });
  await expect(other).toHaveURL(/\/sign-in/);
  await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await otherContext.close();

  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
  await expect(sessionRows).toHaveCount(2);
});
