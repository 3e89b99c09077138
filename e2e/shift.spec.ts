import { type Page, expect, test } from '@playwright/test';
import { shiftBaseURL, waitForServer } from './admin-journeys';
import {
  OFFER_WITHIN_MS,
  consoleLog,
  expectCallShown,
  interactions,
  registerAgent,
  statusSelector,
} from './agent-journeys';

/**
 * An agent's shift on the keyboard alone, at a laptop's 1366×768, with the server's real call
 * engine on short timings (offers 1–2 s after Available, rings of 8 s): status by 's', a call
 * rung while another tab is in front (the title and a desktop notification), answered by
 * Alt+Shift+A, timers sampled against the truth for a minute, a reload mid-call, an outbound
 * number typed digit by digit, two offers let ring out pausing calls.
 */
const RING_MS = 8000;
test.use({ baseURL: shiftBaseURL, viewport: { width: 1366, height: 768 } });
test.beforeAll(() => waitForServer(shiftBaseURL));

/** Picks a status from the keyboard: 's' opens the list, a letter goes to it, Enter takes it. */
async function chooseStatus(page: Page, letter: string, label: string) {
  await page.keyboard.press('s');
  await expect(page.getByRole('listbox', { name: 'Statuses' })).toBeVisible();
  await page.keyboard.press(letter);
  await page.keyboard.press('Enter');
  await expect(statusSelector(page)).toContainText(label);
}

/** Whole seconds in 'hh:mm:ss' or 'mm:ss'. */
const seconds = (text: string) =>
  text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

/**
 * Samples the status timer and the call timer every 50 ms for `forMs`, against the whole
 * seconds truly elapsed since `statusSince` and `answeredAt` (the browser and the server share
 * this machine's clock). Returns each timer's share of exact samples and its largest miss.
 */
async function sampleTimers(page: Page, statusSince: string, answeredAt: string, forMs: number) {
  return page.evaluate(
    async ({ statusSince, answeredAt, forMs }) => {
      const callPanel = [...document.querySelectorAll('section')].find(
        (section) => section.querySelector('h3')?.textContent === 'Interactions',
      );
      const read = (element: Element | null | undefined) => {
        const text = element?.textContent ?? '';
        const match = /(\d\d:)?\d\d:\d\d/.exec(text)?.[0] ?? '';
        return match
          .split(':')
          .map(Number)
          .reduce((total, part) => total * 60 + part, 0);
      };
      const tally = () => ({ exact: 0, samples: 0, worst: 0 });
      const status = tally();
      const call = tally();
      const end = performance.now() + forMs;
      while (performance.now() < end) {
        const now = Date.now();
        for (const [timer, shown, from] of [
          [status, read(document.querySelector('[aria-keyshortcuts="S"]')), statusSince],
          [call, read(callPanel?.querySelector('[role="timer"]')), answeredAt],
        ] as const) {
          const truth = Math.floor((now - Date.parse(from)) / 1000);
          timer.samples += 1;
          if (shown === truth) timer.exact += 1;
          timer.worst = Math.max(timer.worst, Math.abs(shown - truth));
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const summary = (timer: ReturnType<typeof tally>) => ({
        exactShare: timer.exact / timer.samples,
        worst: timer.worst,
        samples: timer.samples,
      });
      return { status: summary(status), call: summary(call) };
    },
    { statusSince, answeredAt, forMs },
  );
}

test('a keyboard-only shift: a call rung in a background tab, exact timers, a typed dial', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const log = consoleLog(page);
  const agent = await registerAgent('shift', shiftBaseURL);
  await context.grantPermissions(['notifications'], { origin: shiftBaseURL });
  // The notifications the page shows, recorded as it shows them.
  await page.addInitScript(() => {
    const Shown = window.Notification;
    const shown: { title: string; body?: string }[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = class extends Shown {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
    };
  });

  // Signed in from the keyboard.
  await page.goto('/sign-in');
  await page.getByLabel('Username', { exact: true }).fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page).toHaveTitle('Dashboard – Switchboard');

  // At 1366×768 the status, the call panel and the Dialer's toggle are in view unscrolled.
  for (const part of [
    statusSelector(page),
    interactions(page),
    page.getByRole('button', { name: 'Dialer' }),
    page.getByRole('heading', { name: 'Activity Log' }),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(768);
  }

  // Available, then another tab in front: the ring shows in the title and a notification.
  await chooseStatus(page, 'a', 'Available');
  const other = await context.newPage();
  await other.goto('/favicon.svg');
  await other.bringToFront();
  await expect
    .poll(() => page.title(), { timeout: OFFER_WITHIN_MS })
    .toBe('(ringing) Dashboard – Switchboard');
  const notified = await page.evaluate(
    () => (window as unknown as { shownNotifications: unknown[] }).shownNotifications,
  );
  expect(notified).toEqual([
    { title: 'Incoming call', body: expect.stringMatching(/^\+1 \(\d{3}\)-\d{3}-\d{4}$/) },
  ]);

  // Back to the softphone: Alt+Shift+A answers.
  await page.bringToFront();
  await other.close();
  await page.keyboard.press('Alt+Shift+A');
  await expectCallShown(page, log);
  await expect(page).toHaveTitle('Dashboard – Switchboard');

  // The timers against the truth, every 50 ms for 60 s.
  const state = await (await page.request.get('/api/agent/state')).json();
  const timers = await sampleTimers(page, state.since, state.call.answeredAt, 60_000);
  for (const timer of [timers.status, timers.call]) {
    expect(timer.exactShare, JSON.stringify(timers)).toBeGreaterThanOrEqual(0.98);
    expect(timer.worst, JSON.stringify(timers)).toBeLessThanOrEqual(1);
  }

  // A reload mid-call: the same call, its timer going on from where it was.
  const before = seconds((await interactions(page).getByRole('timer').textContent()) ?? '00:00');
  await page.reload();
  await expect(interactions(page).getByRole('button', { name: 'End Call' })).toBeVisible();
  const after = seconds((await interactions(page).getByRole('timer').textContent()) ?? '');
  expect(after).toBeGreaterThanOrEqual(before);

  // Alt+Shift+E ends it.
  await page.keyboard.press('Alt+Shift+E');
  await expect(statusSelector(page)).toContainText('After Call Work');

  // Out Bound, the Dialer with 'd', the number typed digit by digit, Enter dials.
  await chooseStatus(page, 'o', 'Out Bound');
  await page.keyboard.press('d');
  const field = page.getByRole('textbox', { name: 'Phone number' });
  await expect(field).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.type('4155551234', { delay: 30 });
  await expect(field).toHaveValue('+1 (415)-555-1234');
  // The call stays in view with the Dialer open.
  const panel = (await interactions(page).boundingBox())!;
  expect(panel.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(interactions(page).getByText('+1 (415)-555-1234')).toBeVisible();
  await expectCallShown(page, log);
  await page.keyboard.press('Alt+Shift+E');
  await expect(statusSelector(page)).toContainText('After Call Work');

  // Available again (Tab first: in the phone field a letter is typing), and two offers let
  // ring out: the system pauses calls and says why.
  await page.keyboard.press('Tab');
  await chooseStatus(page, 'a', 'Available');
  await expect(statusSelector(page)).toContainText('Tech Issues', {
    timeout: 2 * (OFFER_WITHIN_MS + RING_MS),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'You missed 2 calls in a row, so calls were paused. Choose your status to continue.',
  );
  await expect(page).toHaveTitle('Dashboard – Switchboard');
  const activity = page.getByRole('group', { name: 'Activity Log' });
  await expect(activity.getByRole('row').filter({ hasText: 'Missed' })).toHaveCount(2);
  await chooseStatus(page, 'a', 'Available');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
