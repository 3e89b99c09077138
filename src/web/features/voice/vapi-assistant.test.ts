import { describe, expect, it, vi } from 'vitest';
import { fakeSpeakerChoice } from '../../test/fake-speakers';
import { createVoiceAssistant } from './create-assistant';
import { LocalVoiceAssistant } from './local-assistant';
import {
  resolveVapiConstructor,
  type VapiConstructor,
  type VapiLike,
  VapiVoiceAssistant,
} from './vapi-assistant';
import { MISSING_START_TARGET_MESSAGE } from './voice-assistant';
import { recordEvents } from './test/record-events';

type Listener = (...args: unknown[]) => void;
type StartBehaviour = (sdk: FakeVapi) => Promise<{ id?: string } | null>;

/**
 * A fake of the SDK's client: an emitter that, like the real one (Node's `events`), throws
 * 'Unhandled error.' when 'error' is emitted with no listener; its start() runs the
 * behaviour the test gives it.
 */
class FakeVapi implements VapiLike {
  readonly listeners = new Map<string, Listener[]>();
  readonly calls: { method: string; args: unknown[] }[] = [];
  muted = false;

  constructor(
    readonly publicKey: string,
    readonly baseUrl: string | undefined,
    private readonly behaviour: StartBehaviour,
  ) {}

  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const listeners = this.listeners.get(event) ?? [];
    if (event === 'error' && listeners.length === 0) {
      throw new Error(`Unhandled error. (${JSON.stringify(args[0])})`);
    }
    for (const listener of listeners) listener(...args);
  }

  start(...args: unknown[]) {
    this.calls.push({ method: 'start', args });
    return this.behaviour(this);
  }

  stop() {
    this.calls.push({ method: 'stop', args: [] });
    return Promise.resolve();
  }

  setMuted(muted: boolean) {
    this.muted = muted;
  }

  isMuted() {
    return this.muted;
  }

  say(message: string, endCallAfterSpoken?: boolean) {
    this.calls.push({ method: 'say', args: [message, endCallAfterSpoken] });
  }

  send(message: unknown) {
    this.calls.push({ method: 'send', args: [message] });
  }

  player: HTMLAudioElement | null = null;

  setInputDevicesAsync(options: { audioDeviceId?: string | null }) {
    this.calls.push({ method: 'setInputDevicesAsync', args: [options] });
    return Promise.resolve();
  }

  getAudioPlayer() {
    return this.player;
  }
}

const now = () => new Date().toISOString();

/** Like the real SDK: progress for each stage, success, call-start; resolves the call. */
const succeeds: StartBehaviour = (sdk) => {
  sdk.emit('call-start-progress', { stage: 'initialization', status: 'started', timestamp: now() });
  sdk.emit('call-start-progress', {
    stage: 'initialization',
    status: 'completed',
    duration: 3,
    timestamp: now(),
    metadata: { hasAssistant: true },
  });
  sdk.emit('call-start-success', { callId: 'call-1', totalDuration: 42, timestamp: now() });
  sdk.emit('call-start', undefined);
  return Promise.resolve({ id: 'call-1' });
};

/** Like the real SDK when the web call cannot be created (network closed). */
const failsAtWebCall: StartBehaviour = (sdk) => {
  sdk.emit('call-start-progress', {
    stage: 'web-call-creation',
    status: 'started',
    timestamp: now(),
  });
  sdk.emit('call-start-progress', {
    stage: 'web-call-creation',
    status: 'failed',
    duration: 5,
    timestamp: now(),
  });
  sdk.emit('call-start-failed', {
    stage: 'unknown',
    totalDuration: 5,
    error: 'Failed to fetch',
    timestamp: now(),
    context: {},
  });
  sdk.emit('error', {
    type: 'start-method-error',
    stage: 'unknown',
    error: { message: 'Failed to fetch' },
    timestamp: now(),
  });
  return Promise.resolve(null);
};

function setUp(behaviour: StartBehaviour = succeeds) {
  const clients: FakeVapi[] = [];
  const Vapi = function (this: unknown, publicKey: string, baseUrl?: string) {
    const client = new FakeVapi(publicKey, baseUrl, behaviour);
    clients.push(client);
    return client;
  } as unknown as VapiConstructor;
  const loader = vi.fn(() => Promise.resolve(Vapi));
  const assistant = new VapiVoiceAssistant({
    publicKey: 'pk-1',
    baseUrl: 'https://vapi.example',
    loader,
  });
  const { events, named } = recordEvents(assistant);
  const client = () => {
    const first = clients[0];
    if (!first) throw new Error('no client made');
    return first;
  };
  return { assistant, loader, clients, client, events, named };
}

const identity = { name: 'Riley', assistantId: 'asst-1' };

describe('vapi assistant start', () => {
  it('loads the SDK only on start, with the public key and base URL', async () => {
    const { assistant, loader, client } = setUp();
    expect(loader).not.toHaveBeenCalled();
    expect(await assistant.start(identity)).toEqual({ id: 'call-1' });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(client().publicKey).toBe('pk-1');
    expect(client().baseUrl).toBe('https://vapi.example');
    expect(client().calls[0]).toEqual({
      method: 'start',
      args: ['asst-1', undefined, undefined, undefined],
    });
  });

  it("maps the SDK's start events onto ours", async () => {
    const { assistant, named, events } = setUp();
    await assistant.start(identity);
    expect(named('call-start-progress')).toEqual([
      { stage: 'initialization', status: 'started', timestamp: expect.any(String) },
      {
        stage: 'initialization',
        status: 'completed',
        duration: 3,
        timestamp: expect.any(String),
        metadata: { hasAssistant: true },
      },
    ]);
    expect(named('call-start-success')).toEqual([{ callId: 'call-1', totalDuration: 42 }]);
    expect(events.map((event) => event.name)).toEqual([
      'call-start-progress',
      'call-start-progress',
      'call-start-success',
      'call-start',
    ]);
  });

  it("maps the call's events: speech, volume, messages, errors and the end", async () => {
    const { assistant, client, named, events } = setUp();
    await assistant.start(identity);
    const sdk = client();
    sdk.emit('speech-start');
    sdk.emit('volume-level', 0.4);
    sdk.emit('speech-end');
    sdk.emit('message', {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Hello.',
    });
    sdk.emit('message', { type: 'model-output', output: 'ignored' });
    sdk.emit('error', { type: 'daily-error', error: { message: 'network' } });
    sdk.emit('message', {
      type: 'status-update',
      status: 'ended',
      endedReason: 'customer-ended-call',
    });
    sdk.emit('call-end');
    expect(events.slice(4).map((event) => event.name)).toEqual([
      'speech-start',
      'volume-level',
      'speech-end',
      'message',
      'error',
      'message',
      'call-end',
    ]);
    expect(named('volume-level')).toEqual([0.4]);
    expect(named('message')).toEqual([
      { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello.' },
      { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' },
    ]);
    // An SDK error type outside the spec's list keeps the SDK's whole report.
    expect(named('error')).toEqual([
      {
        type: 'start-method-error',
        error: { type: 'daily-error', error: { message: 'network' } },
      },
    ]);
    // Ended: a new start is accepted, on the same client.
    expect(await assistant.start(identity)).not.toBeNull();
  });

  it("attaches the 'error' listener before start(), so an SDK error does not throw", async () => {
    const { assistant, named } = setUp((sdk) => {
      sdk.emit('error', {
        type: 'audio-processing-setup-error',
        stage: 'audio-processing-setup',
        error: { message: 'KrispInitError' },
      });
      return succeeds(sdk);
    });
    expect(await assistant.start(identity)).toEqual({ id: 'call-1' });
    expect(named('error')).toEqual([
      {
        type: 'audio-processing-setup-error',
        stage: 'audio-processing-setup',
        error: { message: 'KrispInitError' },
      },
    ]);
  });

  it('the fake throws like the SDK when no error listener is attached', () => {
    const sdk = new FakeVapi('pk', undefined, succeeds);
    expect(() => sdk.emit('error', { type: 'x' })).toThrow('Unhandled error.');
  });

  it('ignores a second start while starting or started', async () => {
    const { assistant, loader, client } = setUp();
    const first = assistant.start(identity);
    expect(await assistant.start(identity)).toBeNull();
    expect(await first).not.toBeNull();
    expect(await assistant.start(identity)).toBeNull();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(client().calls.filter((call) => call.method === 'start')).toHaveLength(1);
  });

  it('refuses a start with no assistant, squad or workflow, without loading the SDK', async () => {
    const { assistant, loader, named } = setUp();
    expect(await assistant.start({ name: 'Riley' })).toBeNull();
    expect(named('error')).toEqual([
      { type: 'validation-error', error: new Error(MISSING_START_TARGET_MESSAGE) },
    ]);
    expect(named('call-start-failed')).toEqual([
      expect.objectContaining({ stage: 'validation', error: MISSING_START_TARGET_MESSAGE }),
    ]);
    expect(loader).not.toHaveBeenCalled();
    expect(await assistant.start(identity)).not.toBeNull();
  });

  it('passes a squad or a workflow to the SDK', async () => {
    const squad = setUp();
    await squad.assistant.start({ squadId: 'squad-1' });
    expect(squad.client().calls[0]?.args).toEqual([undefined, undefined, 'squad-1', undefined]);
    const workflow = setUp();
    await workflow.assistant.start({ workflow: { name: 'w' } });
    expect(workflow.client().calls[0]?.args).toEqual([
      undefined,
      undefined,
      undefined,
      { name: 'w' },
    ]);
  });

  it('reports a failed start once, cleans up and resolves null; a new start works', async () => {
    let behaviour = failsAtWebCall;
    const { assistant, client, named } = setUp((sdk) => behaviour(sdk));
    expect(await assistant.start(identity)).toBeNull();
    expect(named('call-start-progress').at(-1)).toMatchObject({
      stage: 'web-call-creation',
      status: 'failed',
    });
    expect(named('call-start-failed')).toEqual([
      expect.objectContaining({ stage: 'unknown', error: 'Failed to fetch' }),
    ]);
    expect(named('error')).toEqual([
      { type: 'start-method-error', error: { message: 'Failed to fetch' } },
    ]);
    expect(named('call-start-success')).toEqual([]);
    expect(client().calls.map((call) => call.method)).toEqual(['start', 'stop']);

    behaviour = succeeds;
    expect(await assistant.start(identity)).toEqual({ id: 'call-1' });
  });

  it('reports a start that throws as a failed start', async () => {
    const { assistant, named } = setUp(() => Promise.reject(new Error('boom')));
    expect(await assistant.start(identity)).toBeNull();
    expect(named('error')).toEqual([{ type: 'start-method-error', error: new Error('boom') }]);
    expect(named('call-start-failed')).toEqual([
      expect.objectContaining({ stage: 'unknown', error: 'boom' }),
    ]);
  });

  it('reports an SDK that cannot be loaded as a failed start', async () => {
    const assistant = new VapiVoiceAssistant({
      publicKey: 'pk',
      loader: () => Promise.reject(new Error('chunk load failed')),
    });
    const failures: unknown[] = [];
    const errors: unknown[] = [];
    assistant.on('call-start-failed', (failure) => failures.push(failure));
    assistant.on('error', (error) => errors.push(error));
    expect(await assistant.start(identity)).toBeNull();
    expect(errors).toEqual([{ type: 'start-method-error', error: new Error('chunk load failed') }]);
    expect(failures).toEqual([
      expect.objectContaining({ stage: 'initialization', error: 'chunk load failed' }),
    ]);
  });

  it('stops a call that was still starting when stop() came', async () => {
    let finish: (call: { id: string }) => void = () => {};
    const { assistant, client } = setUp(() => new Promise((resolve) => (finish = resolve)));
    const started = assistant.start(identity);
    await vi.waitFor(() => expect(client().calls).toHaveLength(1));
    assistant.stop();
    finish({ id: 'late' });
    expect(await started).toBeNull();
    expect(client().calls.map((call) => call.method)).toEqual(['start', 'stop', 'stop']);
  });
});

describe('vapi assistant during a call', () => {
  it('mutes through the SDK', async () => {
    const { assistant, client } = setUp();
    await assistant.start(identity);
    assistant.setMuted(true);
    expect(client().muted).toBe(true);
    expect(assistant.isMuted()).toBe(true);
    assistant.setMuted(false);
    expect(assistant.isMuted()).toBe(false);
  });

  it('applies a mute chosen before the SDK was loaded once the call starts', async () => {
    let finish: (call: { id: string }) => void = () => {};
    const { assistant, client } = setUp(() => new Promise((resolve) => (finish = resolve)));
    assistant.setMuted(true); // no client yet: remembered, nothing thrown
    expect(assistant.isMuted()).toBe(true);
    const started = assistant.start(identity);
    await vi.waitFor(() => expect(client().calls).toHaveLength(1));
    client().emit('call-start');
    expect(client().muted).toBe(true);
    // Unmuted while still joining, then the start completes: the SDK ends up unmuted.
    assistant.setMuted(false);
    finish({ id: 'call-1' });
    expect(await started).toEqual({ id: 'call-1' });
    expect(client().muted).toBe(false);
    expect(assistant.isMuted()).toBe(false);
  });

  it('ends through stop(), once', async () => {
    const { assistant, client } = setUp();
    await assistant.start(identity);
    assistant.stop();
    assistant.stop();
    expect(client().calls.map((call) => call.method)).toEqual(['start', 'stop']);
  });

  it('says a line, and the first message as a control message', async () => {
    const { assistant, client } = setUp();
    await assistant.start(identity);
    assistant.say('Goodbye.', true);
    assistant.say('Hold on.');
    assistant.sayFirstMessage();
    expect(client().calls.slice(1)).toEqual([
      { method: 'say', args: ['Goodbye.', true] },
      { method: 'say', args: ['Hold on.', false] },
      { method: 'send', args: [{ type: 'control', control: 'say-first-message' }] },
    ]);
  });
});

describe('vapi assistant devices', () => {
  const inputs = (sdk: FakeVapi) =>
    sdk.calls.filter((call) => call.method === 'setInputDevicesAsync').map((call) => call.args[0]);

  it('switches to a microphone chosen before the call as it starts, then at once', async () => {
    const { assistant, client } = setUp();
    await assistant.setMicrophone('headset');
    await assistant.start(identity);
    expect(inputs(client())).toEqual([{ audioDeviceId: 'headset' }]);
    await assistant.setMicrophone(null);
    expect(inputs(client())).toEqual([{ audioDeviceId: 'headset' }, { audioDeviceId: 'default' }]);
  });

  it('plays the assistant on the chosen speaker, the element there and the next one', async () => {
    const speakers = fakeSpeakerChoice();
    try {
      const { assistant, client } = setUp();
      await assistant.setSpeaker('earphones');
      await assistant.start(identity);
      expect(assistant.canChooseSpeaker()).toBe(true);
      expect(speakers.sinks).toEqual([]);
      client().emit('audio', document.createElement('audio'));
      expect(speakers.sinks).toEqual(['earphones']);
      client().player = document.createElement('audio');
      await assistant.setSpeaker(null);
      expect(speakers.sinks).toEqual(['earphones', '']);
    } finally {
      speakers.restore();
    }
  });

  it("reports the SDK's microphone level, as nothing while muted or held", async () => {
    const { assistant, client } = setUp();
    const levels: number[] = [];
    assistant.on('microphone-level', (level) => levels.push(level));
    await assistant.start(identity);
    client().emit('local-volume-level', 0.4);
    assistant.setMuted(true);
    client().emit('local-volume-level', 0.4);
    assistant.setMuted(false);
    assistant.setOnHold(true);
    client().emit('local-volume-level', 0.4);
    expect(levels).toEqual([0.4, 0, 0]);
  });
});

describe('resolveVapiConstructor', () => {
  class Vapi {}

  it('finds the class on every module shape a bundler gives', () => {
    expect(resolveVapiConstructor({ default: Vapi })).toBe(Vapi);
    // Vite 8's production build of the CommonJS module: one default deeper.
    expect(resolveVapiConstructor({ default: { default: Vapi, __esModule: true } })).toBe(Vapi);
    expect(resolveVapiConstructor(Vapi)).toBe(Vapi);
  });

  it('refuses a module with no constructor', () => {
    expect(() => resolveVapiConstructor({ default: {} })).toThrow(TypeError);
  });

  it('resolves the installed SDK to a constructor', async () => {
    const Ctor = resolveVapiConstructor(await import('@vapi-ai/web'));
    expect(typeof Ctor).toBe('function');
    expect(Ctor.name).toBe('Vapi');
  });
});

describe('createVoiceAssistant', () => {
  it('picks the local provider: a practice caller, a different scenario per call', async () => {
    const start = { callType: 'inbound', isResumed: false } as const;
    const first = await createVoiceAssistant('call-1', { provider: 'local' }, start);
    expect(first.assistant).toBeInstanceOf(LocalVoiceAssistant);
    expect(first.identity).toEqual({ name: 'Practice caller', assistantId: 'local' });
    const second = await createVoiceAssistant('call-2', { provider: 'local' }, start);
    expect(second.scenario).not.toBe(first.scenario);
    // The same call (a reload, another tab) keeps its caller.
    const again = await createVoiceAssistant('call-2', { provider: 'local' }, start);
    expect(again.scenario).toBe(second.scenario);
  });

  it('picks the vapi provider with the identity the server handed out', async () => {
    const { assistant, identity: vapi } = await createVoiceAssistant(
      'call-1',
      {
        provider: 'vapi',
        name: 'Riley',
        publicKey: 'pk-1',
        assistantId: 'asst-1',
        baseUrl: 'https://api.vapi.ai',
      },
      { callType: 'outbound', isResumed: false },
    );
    expect(assistant).toBeInstanceOf(VapiVoiceAssistant);
    expect(vapi).toEqual({ name: 'Riley', assistantId: 'asst-1' });
  });
});
