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

/**
 * The agent's microphone, played by the test: a tone it turns on and off (`speak`), so the
 * practice caller's voice-activity turn-taking hears a real level. Keeps every stream the page
 * opens, so the test can look at its tracks.
 */
async function fakeAgentVoice(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    let context: AudioContext | undefined;
    let gain: GainNode | undefined;
    Object.assign(window, {
      recordedMicrophones: streams,
      agentSpeaks: (on: boolean) => gain?.gain.setValueAtTime(on ? 0.5 : 0, 0),
    });
    navigator.mediaDevices.getUserMedia = async () => {
      context ??= new AudioContext();
      void context.resume();
      const tone = context.createOscillator();
      gain = context.createGain();
      gain.gain.value = 0;
      const out = context.createMediaStreamDestination();
      tone.connect(gain).connect(out);
      tone.start();
      streams.push(out.stream);
      return out.stream;
    };
  });
  return {
    /** The `enabled` flag of every microphone track still open. */
    microphones: () =>
      page.evaluate(() =>
        (window as unknown as { recordedMicrophones: MediaStream[] }).recordedMicrophones
          .flatMap((stream) => stream.getAudioTracks())
          .filter((track) => track.readyState === 'live')
          .map((track) => track.enabled),
      ),
    /** The agent speaks for `ms`, then is quiet. */
    speak: async (ms: number) => {
      const speaks = (on: boolean) =>
        page.evaluate(
          (on) => (window as unknown as { agentSpeaks: (on: boolean) => void }).agentSpeaks(on),
          on,
        );
      await speaks(true);
      await page.waitForTimeout(ms);
      await speaks(false);
    },
  };
}

async function answerNextCall(page: Page) {
  await setStatus(page, 'Available');
  await expect(interactions(page).getByText('Incoming call...')).toBeVisible({
    timeout: OFFER_WITHIN_MS,
  });
  await interactions(page).getByRole('button', { name: 'Answer' }).click();
  await expect(interactions(page).getByText('Connecting...')).toBeVisible();
}

test('the practice caller takes an answered call: greeting, hold, reload, transcript kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchForPageErrors(page);
  const log = consoleLog(page);
  const voice = await fakeAgentVoice(page);
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

  // A fresh browser's first practice caller, named on the call; they wait for the greeting.
  await expect(interactions(page).getByText('Practice caller:').locator('..')).toHaveText(
    'Practice caller: Billing dispute',
  );
  const transcript = interactions(page).getByRole('log', { name: 'Transcript' });
  await expect(transcript).toHaveText('Nothing said yet.');
  await voice.speak(1500);
  await expect(transcript).toContainText(/You: \(spoke for \d s\)Caller: Hi\. I was charged twice/);
  await expect(interactions(page).getByText(/no speech recognition/)).toBeVisible();
  await shot(page, 'voice-1-practice-caller');

  // Mute really turns the microphone track off, and back on.
  await expect.poll(voice.microphones).toEqual([true]);
  await interactions(page).getByRole('button', { name: 'Mute' }).click();
  await expect.poll(voice.microphones).toEqual([false]);
  await interactions(page).getByRole('button', { name: 'Unmute' }).click();
  await expect.poll(voice.microphones).toEqual([true]);

  // On Hold the caller waits in silence, even as the agent speaks; they thank them after.
  await interactions(page).getByRole('button', { name: 'Hold' }).click();
  const lines = async () => (await transcript.locator('p').allTextContents()).length;
  const heldAt = await lines();
  await voice.speak(1500);
  await page.waitForTimeout(1500);
  expect(await lines()).toBe(heldAt);
  await interactions(page).getByRole('button', { name: 'Resume' }).click();
  await expect(transcript).toContainText('Caller: Thanks for holding.');

  // A second tab of the agent shows the call, but the caller's audio stays in the first.
  const other = await page.context().newPage();
  await other.goto('/agent');
  await expect(interactions(other).getByRole('button', { name: 'End Call' })).toBeVisible();
  await expect(interactions(other).getByRole('log', { name: 'Transcript' })).toHaveCount(0);

  // A reload mid-call: the reloaded tab takes the caller back (the other tab waits for it),
  // with no connecting screen; what was said is kept, and the caller says it was cut off.
  await page.reload();
  await expect(endCall).toBeVisible();
  await expect(interactions(page).getByText('Connecting...')).toHaveCount(0);
  await expect(transcript).toContainText('Sorry, I think we got cut off', { timeout: 10_000 });
  await expect(transcript).toContainText('Caller: Hi. I was charged twice');
  await expect(transcript).toContainText('Caller: Thanks for holding.');
  await expect(interactions(page).getByText('Connecting...')).toHaveCount(0);
  await expect.poll(voice.microphones).toEqual([true]);
  await page.waitForTimeout(2000);
  await expect(interactions(other).getByRole('log', { name: 'Transcript' })).toHaveCount(0);
  await other.close();

  // End Call stops the caller and releases the microphone.
  await endCall.click();
  await expect(statusSelector(page)).toContainText('After Call Work');
  await expect.poll(voice.microphones).toEqual([]);
  await expect(transcript).toBeHidden();

  // The call's details, from the Activity Log, keep its transcript.
  await page.getByRole('button', { name: /^\+1 / }).first().click();
  const details = page.getByRole('dialog', { name: 'Call details' });
  const saved = details.getByRole('region', { name: 'Transcript' });
  await expect(saved).toContainText('Caller: Hi. I was charged twice');
  await expect(saved).toContainText('Caller: Thanks for holding.');
  await expect(saved).toContainText('Caller: Sorry, I think we got cut off');
  await expect(saved).toContainText(/You: \(spoke for \d s\)/);
  await shot(page, 'voice-2-call-details');
  await details.getByRole('button', { name: 'Close' }).click();
  expect(problems).toEqual([]);
});

/**
 * A machine with a headset whose microphone sends nothing (switched off) and a laptop
 * microphone the test speaks into, and two speakers: the page's device list, what each
 * microphone request asked for, and where each sound element was sent.
 */
async function fakeHeadsetAndLaptop(page: Page) {
  await page.addInitScript(() => {
    const asked: (string | null)[] = [];
    const sinks: string[] = [];
    const streams: MediaStream[] = [];
    let context: AudioContext | undefined;
    let gain: GainNode | undefined;
    Object.assign(window, {
      asked,
      sinks,
      openMicrophones: () =>
        streams.flatMap((stream) => stream.getAudioTracks()).filter((t) => t.readyState === 'live')
          .length,
      agentSpeaks: (on: boolean) => gain?.gain.setValueAtTime(on ? 0.5 : 0, 0),
    });
    const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
      ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo;
    navigator.mediaDevices.enumerateDevices = async () => [
      device('audioinput', 'default', 'Default - Laptop microphone'),
      device('audioinput', 'headset-mic', 'Headset microphone'),
      device('audioinput', 'laptop-mic', 'Laptop microphone'),
      device('audiooutput', 'default', 'Default - Laptop speakers'),
      device('audiooutput', 'headset-out', 'Headset earphones'),
      device('audiooutput', 'laptop-out', 'Laptop speakers'),
    ];
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const audio = constraints?.audio;
      const exact =
        typeof audio === 'object' && typeof audio.deviceId === 'object' && 'exact' in audio.deviceId
          ? String(audio.deviceId.exact)
          : null;
      asked.push(exact);
      context ??= new AudioContext();
      void context.resume();
      const out = context.createMediaStreamDestination();
      if (exact !== 'headset-mic') {
        const tone = context.createOscillator();
        gain = context.createGain();
        gain.gain.value = 0;
        tone.connect(gain).connect(out);
        tone.start();
      }
      streams.push(out.stream);
      return out.stream;
    };
    HTMLMediaElement.prototype.setSinkId = async function (id: string) {
      sinks.push(id);
    };
  });
  const read = <T>(name: string) =>
    page.evaluate((name) => (window as unknown as Record<string, T>)[name] as T, name);
  return {
    asked: () => read<(string | null)[]>('asked'),
    sinks: () => read<string[]>('sinks'),
    openMicrophones: () =>
      page.evaluate(() =>
        (window as unknown as { openMicrophones: () => number }).openMicrophones(),
      ),
    speaks: (on: boolean) =>
      page.evaluate(
        (on) => (window as unknown as { agentSpeaks: (on: boolean) => void }).agentSpeaks(on),
        on,
      ),
  };
}

test('the agent picks the microphone and speaker of a call and sees the microphone level', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchForPageErrors(page);
  const machine = await fakeHeadsetAndLaptop(page);
  const agent = await registerAgent('voice-devices');
  await signInAgent(page, agent);
  await answerNextCall(page);
  const panel = interactions(page);
  const meter = panel.getByRole('meter', { name: 'Microphone level' });
  const level = async () => Number(await meter.getAttribute('aria-valuenow'));

  // The system's default microphone hears the agent speak.
  await expect(meter).toBeVisible();
  await machine.speaks(true);
  await expect.poll(level).toBeGreaterThan(30);
  await machine.speaks(false);
  await expect.poll(level).toBe(0);

  // The headset's microphone is switched off: the meter stays flat as the agent speaks, and
  // the panel says why the caller hears nothing.
  await panel.getByRole('button', { name: 'Audio devices' }).click();
  const microphone = panel.getByLabel('Microphone', { exact: true });
  await expect(microphone.getByRole('option')).toHaveText([
    'System default',
    'Headset microphone',
    'Laptop microphone',
  ]);
  await microphone.selectOption('Headset microphone');
  await expect.poll(machine.asked).toEqual([null, null, 'headset-mic']);
  await expect.poll(machine.openMicrophones).toBe(1);
  await machine.speaks(true);
  await expect(panel.getByText(/^No sound from this microphone/)).toBeVisible();
  expect(await level()).toBe(0);
  await shot(page, 'voice-3-silent-microphone');

  // The laptop's microphone does: the warning goes as the level comes back.
  await microphone.selectOption('Laptop microphone');
  await expect.poll(machine.asked).toEqual([null, null, 'headset-mic', 'laptop-mic']);
  await machine.speaks(true);
  await expect.poll(level).toBeGreaterThan(30);
  await expect(panel.getByText(/^No sound from this microphone/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Mute' }).click();
  await expect(panel.getByText("Muted: the caller can't hear you.")).toBeVisible();
  await expect.poll(level).toBe(0);
  await panel.getByRole('button', { name: 'Unmute' }).click();
  await expect.poll(level).toBeGreaterThan(30);
  await machine.speaks(false);

  // The speaker: the practice caller's synthetic voice cannot follow it, and the panel says
  // so; the test sound and the ringtone do.
  const speaker = panel.getByLabel('Speaker', { exact: true });
  await speaker.selectOption('Headset earphones');
  await expect(speaker).toHaveAccessibleDescription(/practice caller's voice plays on the system/);
  await panel.getByRole('button', { name: 'Test speaker' }).click();
  await expect.poll(machine.sinks).toEqual(['headset-out']);
  await shot(page, 'voice-4-audio-devices');

  // The choices hold for the next call, in the View Call dialog too.
  await panel.getByRole('button', { name: 'End Call' }).click();
  await expect(statusSelector(page)).toContainText('After Call Work');
  await answerNextCall(page);
  await expect.poll(machine.sinks).toEqual(['headset-out', 'headset-out']);
  await expect(meter).toBeVisible();
  expect((await machine.asked()).slice(-1)).toEqual(['laptop-mic']);
  await page.getByRole('button', { name: 'View Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Active Call' });
  await dialog.getByRole('button', { name: 'Audio devices' }).click();
  await expect(dialog.getByLabel('Microphone', { exact: true })).toHaveValue('laptop-mic');
  await expect(dialog.getByLabel('Speaker', { exact: true })).toHaveValue('headset-out');
  await shot(page, 'voice-5-devices-in-dialog');
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
  await shot(page, 'voice-3-vapi-offline');

  await endCall.click();
  await expect(statusSelector(page)).toContainText('After Call Work');
  expect(problems).toEqual([]);
  await context.close();
});
