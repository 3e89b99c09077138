import { type Page, expect, test } from '@playwright/test';
import {
  adminBaseURL,
  shot,
  voiceBaseURL,
  waitForAdminServer,
  waitForServer,
  watchForPageErrors,
} from './admin-journeys';
import {
  OFFER_WITHIN_MS,
  consoleLog,
  interactions,
  registerAgent,
  setStatus,
  signInAgent,
  statusSelector,
} from './agent-journeys';

/**
 * The voice assistant on answered calls, in Chromium with a fake microphone
 * (playwright.config.ts): the local assistant end to end, and a vapi identity with the
 * network closed, against the production build the servers serve.
 */
test.use({ baseURL: adminBaseURL });
test.beforeAll(async () => {
  await waitForAdminServer();
  await waitForServer(voiceBaseURL);
});

const STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
];

/** Keeps every microphone stream the page opens, so the test can look at its tracks. */
async function recordMicrophones(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    Object.assign(window, { recordedMicrophones: streams });
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  // The `enabled` flag of every microphone track still open.
  return () =>
    page.evaluate(() =>
      (window as unknown as { recordedMicrophones: MediaStream[] }).recordedMicrophones
        .flatMap((stream) => stream.getAudioTracks())
        .filter((track) => track.readyState === 'live')
        .map((track) => track.enabled),
    );
}

async function answerNextCall(page: Page) {
  await setStatus(page, 'Available');
  await expect(interactions(page).getByText('Incoming call...')).toBeVisible({
    timeout: OFFER_WITHIN_MS,
  });
  await interactions(page).getByRole('button', { name: 'Answer' }).click();
  await expect(interactions(page).getByText('Connecting...')).toBeVisible();
}

test('the local assistant takes an answered call: stages, transcript, mute, end', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchForPageErrors(page);
  const log = consoleLog(page);
  const microphones = await recordMicrophones(page);
  const agent = await registerAgent('voice-local');
  await signInAgent(page, agent);
  await answerNextCall(page);

  // The connecting screen follows the eight start stages, then the call shows.
  await expect(
    interactions(page).getByRole('progressbar', { name: 'Assistant start' }),
  ).toHaveAttribute('aria-valuenow', '100');
  const endCall = interactions(page).getByRole('button', { name: 'End Call' });
  await expect(endCall).toBeVisible();
  for (const stage of STAGES) {
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`stage ${stage} completed$`)));
  }
  expect(log.filter((line) => / stage .* failed$/.test(line))).toEqual([]);

  // The transcript starts with the greeting; the page says there is no speech recognition.
  const transcript = interactions(page).getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('Hello, thank you for calling Switchboard.');
  await expect(interactions(page).getByText(/has no speech recognition/)).toBeVisible();
  await shot(page, 'voice-1-local-assistant');

  // Mute really turns the microphone track off, and back on.
  await expect.poll(microphones).toEqual([true]);
  await interactions(page).getByRole('button', { name: 'Mute' }).click();
  await expect.poll(microphones).toEqual([false]);
  await interactions(page).getByRole('button', { name: 'Unmute' }).click();
  await expect.poll(microphones).toEqual([true]);

  // A reload mid-call: the reloaded tab takes the assistant over, with no
  // connecting screen, and it picks up the call instead of greeting again.
  await page.reload();
  await expect(endCall).toBeVisible();
  await expect(interactions(page).getByText('Connecting...')).toHaveCount(0);
  await expect(transcript).toContainText('Sorry, we were cut off for a moment.', {
    timeout: 10_000,
  });
  await expect(interactions(page).getByText('Connecting...')).toHaveCount(0);
  await expect(transcript).not.toContainText('Hello, thank you for calling');
  await expect.poll(microphones).toEqual([true]);

  // End Call stops the assistant and releases the microphone.
  await endCall.click();
  await expect(statusSelector(page)).toContainText('After Call Work');
  await expect.poll(microphones).toEqual([]);
  await expect(transcript).toBeHidden();
  expect(problems).toEqual([]);
});

test('with a vapi identity and the network closed, the call still shows 2.5 s after the failed start', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: voiceBaseURL });
  const ownHost = new URL(voiceBaseURL).host;
  const refused: string[] = [];
  await context.route(
    (url) => url.host !== ownHost,
    (route) => {
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  const page = await context.newPage();
  const problems = watchForPageErrors(page);
  const log = consoleLog(page);
  const agent = await registerAgent('voice-vapi', voiceBaseURL);
  await signInAgent(page, agent);
  await answerNextCall(page);
  const answeredAt = Date.now();

  const endCall = interactions(page).getByRole('button', { name: 'End Call' });
  await expect(endCall).toBeVisible({ timeout: 20_000 });
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(2500);

  // The production build made the SDK's client and it tried the provider: no
  // 'default is not a constructor'; the failure is in the log, never on screen.
  expect(log).toContainEqual(expect.stringMatching(/stage web-call-creation started$/));
  expect(log).toContainEqual(expect.stringMatching(/^warning: voice: .*start failed/));
  expect(log).toContainEqual(expect.stringMatching(/^warning: voice: .*could not start/));
  expect(log.filter((line) => /not a constructor/.test(line))).toEqual([]);
  expect(refused.some((url) => url.startsWith('https://api.vapi.ai/'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(interactions(page).getByRole('log', { name: 'Transcript' })).toHaveCount(0);
  await expect(interactions(page).getByRole('timer')).toBeVisible();
  await shot(page, 'voice-2-vapi-offline');

  await endCall.click();
  await expect(statusSelector(page)).toContainText('After Call Work');
  expect(problems).toEqual([]);
  await context.close();
});
