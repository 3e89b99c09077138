/**
 * The `vapi` voice provider: a thin adapter over the official Vapi web client
 * (`@vapi-ai/web`), which is loaded only when a call is started (its own lazy chunk). The
 * rest of the app never imports the SDK: it sees only `VoiceAssistant`.
 *
 * STACK.md: under Vite 8 the production build may hand the CommonJS module over with its
 * class one `default` deeper than in dev and tests ('….default is not a constructor'), so
 * the constructor is resolved on both shapes; and the SDK's emitter throws
 * 'Unhandled error.' from start() when no 'error' listener is attached, so ours is
 * attached when the client is made, before any start().
 */
import {
  CALL_START_STAGES,
  type CallStartFailure,
  type CallStartStage,
  hasStartTarget,
  MISSING_START_TARGET_MESSAGE,
  type VoiceAssistant,
  type VoiceCall,
  type VoiceErrorType,
  VoiceEventEmitter,
  type VoiceIdentity,
  type VoiceMessage,
} from './voice-assistant';

/** The part of the SDK's client this adapter uses. */
export interface VapiLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
  start(
    assistant?: Record<string, unknown> | string,
    assistantOverrides?: Record<string, unknown>,
    squad?: Record<string, unknown> | string,
    workflow?: Record<string, unknown> | string,
  ): Promise<{ id?: string } | null>;
  stop(): Promise<void>;
  setMuted(muted: boolean): void;
  isMuted(): boolean;
  say(message: string, endCallAfterSpoken?: boolean): void;
  send?(message: { type: string; [key: string]: unknown }): void;
  setInputDevicesAsync?(options: { audioDeviceId?: string | null }): Promise<unknown>;
  /** The element playing the assistant, once its track has arrived. */
  getAudioPlayer?(): HTMLAudioElement | null;
}

/** Whether this browser can send an element's sound to a chosen speaker. */
export const canRouteAudio = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export type VapiConstructor = new (publicKey: string, baseUrl?: string) => VapiLike;

/** Loads the SDK's client class. */
export type VapiLoader = () => Promise<VapiConstructor>;

/**
 * The client class out of the SDK module, whatever shape the bundler gave it:
 * `{ default: Vapi }` (ESM interop) or `{ default: { default: Vapi } }` (Vite 8's
 * production build of the CommonJS module), or the class itself.
 */
export function resolveVapiConstructor(mod: unknown): VapiConstructor {
  const outer = mod as { default?: { default?: unknown } | unknown } | null | undefined;
  const inner = outer?.default as { default?: unknown } | undefined;
  const candidate = inner?.default ?? outer?.default ?? mod;
  if (typeof candidate !== 'function') {
    throw new TypeError('The Vapi web client module has no constructor');
  }
  return candidate as VapiConstructor;
}

/** The default loader: a dynamic import, so the SDK is a chunk of its own. */
export const loadVapi: VapiLoader = async () =>
  resolveVapiConstructor(await import('@vapi-ai/web'));

export interface VapiAssistantOptions {
  publicKey: string;
  /** The provider's API base URL; the SDK's own default when absent. */
  baseUrl?: string;
  loader?: VapiLoader;
}

const ERROR_TYPES: ReadonlySet<string> = new Set<VoiceErrorType>([
  'validation-error',
  'daily-call-object-creation-error',
  'daily-call-join-error',
  'video-recording-setup-error',
  'audio-observer-setup-error',
  'audio-processing-setup-error',
  'start-method-error',
]);

const STAGES: ReadonlySet<string> = new Set(CALL_START_STAGES);

function asStage(stage: unknown): CallStartStage | undefined {
  return typeof stage === 'string' && STAGES.has(stage) ? (stage as CallStartStage) : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  const message = asRecord(error).message;
  return typeof message === 'string' ? message : 'Unknown error';
}

/** The SDK's messages we show: transcripts and status updates. */
function toMessage(raw: unknown): VoiceMessage | null {
  const message = asRecord(raw);
  if (message.type === 'transcript') {
    const { role, transcriptType, transcript } = message;
    if (
      (role === 'assistant' || role === 'user') &&
      (transcriptType === 'partial' || transcriptType === 'final') &&
      typeof transcript === 'string'
    ) {
      return { type: 'transcript', role, transcriptType, transcript };
    }
    return null;
  }
  if (message.type === 'status-update' && typeof message.status === 'string') {
    return typeof message.endedReason === 'string'
      ? { type: 'status-update', status: message.status, endedReason: message.endedReason }
      : { type: 'status-update', status: message.status };
  }
  return null;
}

type State = 'idle' | 'loading' | 'starting' | 'started';

export class VapiVoiceAssistant extends VoiceEventEmitter implements VoiceAssistant {
  private readonly publicKey: string;
  private readonly baseUrl: string | undefined;
  private readonly loader: VapiLoader;
  private client: VapiLike | null = null;
  private state: State = 'idle';
  /** Set when the SDK reported call-start-failed during the current start. */
  private startFailureReported = false;
  /** Bumped by stop(): a start that began before it resolves null. */
  private generation = 0;
  /** The agent's choice, kept while there is no call to apply it to (the SDK ignores it then). */
  private muted = false;
  private held = false;
  /** The agent's devices; null: the system's default. */
  private microphoneId: string | null = null;
  private speakerId: string | null = null;

  constructor(options: VapiAssistantOptions) {
    super();
    this.publicKey = options.publicKey;
    this.baseUrl = options.baseUrl || undefined;
    this.loader = options.loader ?? loadVapi;
  }

  async start(identity: VoiceIdentity): Promise<VoiceCall | null> {
    if (this.state !== 'idle') return null;
    const startedAt = Date.now();
    if (!hasStartTarget(identity)) {
      this.emit('error', {
        type: 'validation-error',
        error: new Error(MISSING_START_TARGET_MESSAGE),
      });
      this.failStart('validation', MISSING_START_TARGET_MESSAGE, startedAt);
      return null;
    }
    const generation = ++this.generation;
    this.state = 'loading';
    this.startFailureReported = false;
    let client: VapiLike;
    try {
      client = await this.getClient();
    } catch (error) {
      if (generation === this.generation) this.state = 'idle';
      this.emit('error', { type: 'start-method-error', error });
      this.failStart('initialization', errorText(error), startedAt);
      return null;
    }
    if (generation !== this.generation) return null;
    this.state = 'starting';
    let call: { id?: string } | null;
    let thrown: unknown = null;
    try {
      call = await client.start(
        identity.assistantId ?? identity.assistant,
        undefined,
        identity.squadId ?? identity.squad,
        identity.workflowId ?? identity.workflow,
      );
    } catch (error) {
      call = null;
      thrown = error;
      if (!this.startFailureReported) {
        this.emit('error', { type: 'start-method-error', error });
      }
    }
    if (generation !== this.generation) {
      // stop() came during the start: make sure nothing is left joined.
      if (call) this.stopClient(client);
      return null;
    }
    if (!call) {
      this.state = 'idle';
      if (!this.startFailureReported) {
        const reason = thrown === null ? 'The call did not start' : errorText(thrown);
        this.failStart('unknown', reason, startedAt);
      }
      this.stopClient(client);
      return null;
    }
    this.state = 'started';
    this.applyMute(client);
    return { id: call.id ?? `vapi-${generation}` };
  }

  stop(): void {
    if (this.state === 'idle') return;
    this.generation += 1;
    this.state = 'idle';
    this.muted = false;
    if (this.client) this.stopClient(this.client);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (this.client && this.state !== 'idle') this.applyMute(this.client);
  }

  isMuted(): boolean {
    return this.muted;
  }

  /** On Hold the assistant no longer hears the agent: the microphone is off until resumed. */
  setOnHold(held: boolean): void {
    this.held = held;
    if (this.client && this.state !== 'idle') this.applyMute(this.client);
  }

  async setMicrophone(deviceId: string | null): Promise<void> {
    // Before the call has joined there is no microphone to switch: it is applied on call-start.
    if (this.client && this.state === 'started') await this.applyMicrophone(this.client, deviceId);
    this.microphoneId = deviceId;
  }

  async setSpeaker(deviceId: string | null): Promise<void> {
    const player = this.client?.getAudioPlayer?.();
    if (player && canRouteAudio()) await player.setSinkId(deviceId ?? '');
    this.speakerId = deviceId;
  }

  canChooseSpeaker(): boolean {
    return canRouteAudio();
  }

  say(message: string, endCallAfterSpoken = false): void {
    this.client?.say(message, endCallAfterSpoken);
  }

  /** Spec §7 'Web call': has the assistant say its first message now. */
  sayFirstMessage(): void {
    this.client?.send?.({ type: 'control', control: 'say-first-message' });
  }

  private async getClient(): Promise<VapiLike> {
    if (this.client) return this.client;
    const Vapi = await this.loader();
    const client = new Vapi(this.publicKey, this.baseUrl);
    this.attach(client);
    this.client = client;
    return client;
  }

  /** Maps the SDK's events onto ours; 'error' first, before any start(). */
  private attach(client: VapiLike) {
    client.on('error', (raw: unknown) => this.onSdkError(raw));
    client.on('call-start-progress', (raw: unknown) => {
      const event = asRecord(raw);
      const stage = asStage(event.stage);
      const status = event.status;
      if (!stage || (status !== 'started' && status !== 'completed' && status !== 'failed')) {
        return;
      }
      this.emit('call-start-progress', {
        stage,
        status,
        timestamp: typeof event.timestamp === 'string' ? event.timestamp : new Date().toISOString(),
        ...(typeof event.duration === 'number' ? { duration: event.duration } : {}),
        ...(event.metadata ? { metadata: asRecord(event.metadata) } : {}),
      });
    });
    client.on('call-start-success', (raw: unknown) => {
      const event = asRecord(raw);
      this.emit('call-start-success', {
        callId: typeof event.callId === 'string' ? event.callId : '',
        totalDuration: typeof event.totalDuration === 'number' ? event.totalDuration : 0,
      });
    });
    client.on('call-start-failed', (raw: unknown) => {
      const event = asRecord(raw);
      this.startFailureReported = true;
      const stage =
        asStage(event.stage) ??
        (event.stage === 'validation' || event.stage === 'input-validation'
          ? 'validation'
          : 'unknown');
      this.emit('call-start-failed', {
        stage,
        error: typeof event.error === 'string' ? event.error : errorText(event.error),
        totalDuration: typeof event.totalDuration === 'number' ? event.totalDuration : 0,
        timestamp: typeof event.timestamp === 'string' ? event.timestamp : new Date().toISOString(),
      });
    });
    client.on('call-start', () => {
      // A mute or microphone chosen while the call was still joining takes effect as it starts.
      this.applyMute(client);
      if (this.microphoneId !== null) {
        this.applyMicrophone(client, this.microphoneId).catch((error: unknown) => {
          console.warn('voice: the chosen microphone was not applied', error);
          this.microphoneId = null;
        });
      }
      this.emit('call-start');
    });
    // Listening makes the SDK measure the microphone (it does only for a listener).
    client.on('local-volume-level', (level: number) =>
      this.emit('microphone-level', this.muted || this.held ? 0 : level),
    );
    client.on('audio', (player: HTMLAudioElement) => {
      if (this.speakerId === null || !canRouteAudio()) return;
      player.setSinkId(this.speakerId).catch((error: unknown) => {
        console.warn('voice: the chosen speaker was not applied', error);
      });
    });
    client.on('call-end', () => {
      this.state = 'idle';
      this.emit('call-end');
    });
    client.on('speech-start', () => this.emit('speech-start'));
    client.on('speech-end', () => this.emit('speech-end'));
    client.on('volume-level', (volume: number) => this.emit('volume-level', volume));
    client.on('message', (raw: unknown) => {
      const message = toMessage(raw);
      if (message) this.emit('message', message);
    });
  }

  private onSdkError(raw: unknown) {
    const event = asRecord(raw);
    const sdkType = typeof event.type === 'string' ? event.type : '';
    const type: VoiceErrorType = ERROR_TYPES.has(sdkType)
      ? (sdkType as VoiceErrorType)
      : 'start-method-error';
    const stage = asStage(event.stage);
    this.emit('error', {
      type,
      // Keep the SDK's whole report when we relabel it (daily-error, reconnect-error, …).
      error: type === sdkType ? (event.error ?? raw) : raw,
      ...(stage ? { stage } : {}),
    });
  }

  /** The SDK has no call to mute before it joins; it is asked again once the call starts. */
  private applyMute(client: VapiLike) {
    const muted = this.muted || this.held;
    try {
      if (client.isMuted() !== muted) client.setMuted(muted);
    } catch (error) {
      console.warn('voice: vapi mute not applied yet', error);
    }
  }

  private async applyMicrophone(client: VapiLike, deviceId: string | null) {
    // 'default' is the system's own choice, as the browser lists it.
    await client.setInputDevicesAsync?.({ audioDeviceId: deviceId ?? 'default' });
  }

  private stopClient(client: VapiLike) {
    try {
      client.stop().catch((error: unknown) => console.error('voice: vapi stop failed', error));
    } catch (error) {
      console.error('voice: vapi stop failed', error);
    }
  }

  private failStart(stage: CallStartFailure['stage'], error: string, startedAt: number) {
    this.emit('call-start-failed', {
      stage,
      error,
      totalDuration: Date.now() - startedAt,
      timestamp: new Date().toISOString(),
    });
  }
}
