/**
 * The `local` voice provider: the default, offline, needs no key. It opens the real
 * microphone, reports the same start stages as the Vapi client, and runs a small scripted
 * call-centre assistant. There is no offline speech recognition: the caller's turn is only
 * detected on the microphone level, and the next line comes when the caller goes quiet.
 */
import type { CallType } from '../../../shared/schemas/agent';
import {
  AUDIO_OBSERVER_INTERVAL_MS,
  type CallStartStage,
  hasStartTarget,
  MISSING_START_TARGET_MESSAGE,
  MOBILE_PERMISSION_WAIT_MS,
  SpeechDetector,
  STAGE_ERROR_TYPES,
  type VoiceAssistant,
  type VoiceCall,
  VoiceEventEmitter,
  type VoiceIdentity,
} from './voice-assistant';

/** Timers and time, given so tests can drive them (CONVENTIONS.md 7). */
export interface VoiceClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The global timers, looked up at each call so fake timers installed later apply. */
export const systemClock: VoiceClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** A microphone level meter, read once per observer tick. */
export interface LevelSource {
  /** The current level (RMS, 0..1). */
  read(): number;
  close(): void;
}

/** Speaks one line; returns a cancel function after which no handler is called. */
export interface LineSpeaker {
  speak(text: string, handlers: { onBoundary?: () => void; onEnd: () => void }): () => void;
}

export interface LocalAssistantOptions {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createLevelSource?: (stream: MediaStream) => LevelSource;
  speaker?: LineSpeaker;
  isMobile?: boolean;
  clock?: VoiceClock;
  /** Who called whom: the greeting and the lines suit an inbound or an outbound call. */
  callType?: CallType;
  /** Taking over a call already under way: it picks up where it was cut off, no greeting. */
  isResumed?: boolean;
  /** The lines after the greeting (by default the call type's). */
  script?: readonly string[];
  /**
   * Moves on when the caller stays silent this long after a line; if they are still
   * speaking then, after one more such period regardless.
   */
  replyTimeoutMs?: number;
}

/** The lines after the greeting, by who placed the call. */
export const CALL_SCRIPTS: Record<CallType, readonly string[]> = {
  inbound: [
    'I understand. Could I have your full name and account number, please?',
    'Thank you. Let me pull up your account. One moment.',
    'I can see your account now. Could you tell me a little more about the issue?',
    'I have made a note of that, and a specialist will follow up within one business day.',
    'Is there anything else I can help you with today? Thank you for calling, goodbye.',
  ],
  // The agent dialled: the assistant is the one calling, so it never thanks them for calling.
  outbound: [
    'Thank you. Could you confirm your full name and account number, please?',
    'Thank you. I am calling about your recent request. One moment while I open it.',
    'I have it here. Is there anything about it you would like to add?',
    'I have made a note of that, and a specialist will follow up within one business day.',
    'Is there anything else I can help you with today? Thank you for your time, goodbye.',
  ],
};

/** The first line of an assistant taking over a call already under way (a reloaded tab). */
export const RESUMED_LINE = 'Sorry, we were cut off for a moment. Where were we?';

export function greeting(name: string | undefined, callType: CallType = 'inbound'): string {
  const persona = name ?? 'Alex';
  return callType === 'outbound'
    ? `Hello, this is ${persona} calling from Switchboard. Do you have a moment to talk?`
    : `Hello, thank you for calling Switchboard. My name is ${persona}. How can I help you today?`;
}

/** About 170 words a minute: how long a line takes without a real voice. */
export function estimateSpeakingMs(text: string): number {
  return Math.max(1, text.split(/\s+/).filter(Boolean).length) * 350;
}

/** Speaks through the browser's speech synthesis. */
export function speechSynthesisSpeaker(
  synthesis: Pick<SpeechSynthesis, 'speak' | 'cancel'>,
  clock: VoiceClock = systemClock,
): LineSpeaker {
  return {
    speak(text, { onBoundary, onEnd }) {
      const utterance = new SpeechSynthesisUtterance(text);
      let isDone = false;
      const finish = () => {
        if (isDone) return;
        isDone = true;
        clock.clearTimeout(guard);
        onEnd();
      };
      utterance.onboundary = () => onBoundary?.();
      utterance.onend = finish;
      utterance.onerror = finish;
      // A browser with no voice installed (headless) may never end the utterance.
      const guard = clock.setTimeout(finish, estimateSpeakingMs(text) * 2 + 2000);
      synthesis.speak(utterance);
      return () => {
        isDone = true;
        clock.clearTimeout(guard);
        synthesis.cancel();
      };
    },
  };
}

/** A silent speaker that takes as long as the line would, with a boundary per word. */
export function timedSpeaker(clock: VoiceClock = systemClock): LineSpeaker {
  return {
    speak(text, { onBoundary, onEnd }) {
      const words = clock.setInterval(() => onBoundary?.(), 350);
      const end = clock.setTimeout(() => {
        clock.clearInterval(words);
        onEnd();
      }, estimateSpeakingMs(text));
      return () => {
        clock.clearInterval(words);
        clock.clearTimeout(end);
      };
    },
  };
}

/** Measures the microphone with an AnalyserNode. */
export function analyserLevelSource(stream: MediaStream): LevelSource {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  context.resume().catch(() => {});
  const samples = new Float32Array(analyser.fftSize);
  return {
    read() {
      analyser.getFloatTimeDomainData(samples);
      let sumOfSquares = 0;
      for (const sample of samples) sumOfSquares += sample * sample;
      return Math.sqrt(sumOfSquares / samples.length);
    },
    close() {
      source.disconnect();
      context.close().catch(() => {});
    },
  };
}

/** The assistant's synthetic level while it speaks, and the bump a word boundary adds. */
const SPEAKING_LEVEL = 0.04;
const BOUNDARY_PULSE = 0.08;

/** The message of an Error or a DOMException (not an Error subclass everywhere). */
function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return String(error);
}

/** Thrown inside start() when a stage failed; its events are already emitted. */
class StageFailure extends Error {
  constructor(
    readonly stage: CallStartStage,
    cause: unknown,
  ) {
    super(errorMessage(cause), { cause });
  }
}

/** Thrown inside start() when stop() came first. */
class StartAborted extends Error {}

interface Session {
  callId: string;
  isConnected: boolean;
  stream: MediaStream | null;
  levelSource: LevelSource | null;
  observer: unknown;
  replyTimer: unknown;
  cancelSpeech: (() => void) | null;
  isAssistantSpeaking: boolean;
  pulse: number;
  nextLine: number;
  isAwaitingReply: boolean;
  assistantDetector: SpeechDetector;
  callerDetector: SpeechDetector;
  /** The browser's noise suppression on the microphone track. */
  noiseCancellation: boolean;
  isRecovering: boolean;
  /** One recovery per call: a meter that breaks again is given up. */
  hasRecovered: boolean;
}

export class LocalVoiceAssistant extends VoiceEventEmitter implements VoiceAssistant {
  private readonly getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  private readonly createLevelSource: (stream: MediaStream) => LevelSource;
  private readonly speaker: LineSpeaker;
  private readonly isMobile: boolean;
  private readonly clock: VoiceClock;
  private readonly callType: CallType;
  private readonly isResumed: boolean;
  private readonly script: readonly string[];
  private readonly replyTimeoutMs: number;
  private session: Session | null = null;
  private muted = false;

  constructor(options: LocalAssistantOptions = {}) {
    super();
    this.clock = options.clock ?? systemClock;
    this.getUserMedia =
      options.getUserMedia ?? ((constraints) => navigator.mediaDevices.getUserMedia(constraints));
    this.createLevelSource = options.createLevelSource ?? analyserLevelSource;
    this.speaker = options.speaker ?? defaultSpeaker(this.clock);
    this.isMobile =
      options.isMobile ??
      (typeof navigator !== 'undefined' &&
        /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent));
    this.callType = options.callType ?? 'inbound';
    this.isResumed = options.isResumed ?? false;
    this.script = options.script ?? CALL_SCRIPTS[this.callType];
    this.replyTimeoutMs = options.replyTimeoutMs ?? 8000;
  }

  async start(identity: VoiceIdentity): Promise<VoiceCall | null> {
    if (this.session) return null;
    const startedAt = this.clock.now();
    if (!hasStartTarget(identity)) {
      this.emit('error', {
        type: 'validation-error',
        error: new Error(MISSING_START_TARGET_MESSAGE),
      });
      this.failStart('validation', MISSING_START_TARGET_MESSAGE, startedAt);
      return null;
    }
    const session = this.newSession();
    this.session = session;
    const ensureCurrent = () => {
      if (this.session !== session) throw new StartAborted();
    };
    try {
      await this.runStage('initialization', () => ({ provider: 'local' }));
      await this.runStage('web-call-creation', () => ({ callId: session.callId }));
      await this.runStage('daily-call-object-creation', () => ({
        audioSource: true,
        videoSource: false,
      }));
      await this.runStage('mobile-permissions', async () => {
        if (this.isMobile) await this.wait(MOBILE_PERMISSION_WAIT_MS);
        return { isMobile: this.isMobile };
      });
      ensureCurrent();
      await this.runStage('daily-call-join', async () => {
        session.stream = await this.openMicrophone();
        this.applyMute(session);
        return { audioTracks: session.stream?.getAudioTracks().length ?? 0 };
      });
      ensureCurrent();
      await this.runStage('video-recording-setup', () => ({ videoRecordingEnabled: false }));
      await this.runStage('audio-observer-setup', () => {
        // Without a microphone the observer still follows the assistant's own voice.
        if (session.stream) session.levelSource = this.createLevelSource(session.stream);
        session.observer = this.clock.setInterval(
          () => this.observe(session),
          AUDIO_OBSERVER_INTERVAL_MS,
        );
        return { intervalMs: AUDIO_OBSERVER_INTERVAL_MS, microphone: session.stream !== null };
      });
      await this.runStage('audio-processing-setup', async () => {
        try {
          session.noiseCancellation = await this.setNoiseSuppression(session, true);
        } catch (error) {
          // The browser would not apply it (a device gone meanwhile): the call goes on without.
          console.warn('voice: noise suppression not applied', error);
          session.noiseCancellation = false;
        }
        return { noiseCancellation: session.noiseCancellation };
      });
      ensureCurrent();
    } catch (error) {
      if (this.session === session) this.session = null;
      this.cleanup(session);
      if (error instanceof StartAborted) return null;
      if (error instanceof StageFailure) {
        this.failStart(error.stage, error.message, startedAt);
      } else {
        this.emit('error', { type: 'start-method-error', error });
        this.failStart('unknown', errorMessage(error), startedAt);
      }
      return null;
    }
    session.isConnected = true;
    this.emit('call-start-success', {
      callId: session.callId,
      totalDuration: this.clock.now() - startedAt,
    });
    this.emit('call-start');
    const opening = this.isResumed ? RESUMED_LINE : greeting(identity.name, this.callType);
    this.speak(session, opening, false);
    return { id: session.callId };
  }

  stop(): void {
    const session = this.session;
    if (!session) return;
    this.session = null;
    this.cleanup(session);
    this.muted = false;
    if (session.isConnected) {
      this.emit('message', {
        type: 'status-update',
        status: 'ended',
        endedReason: 'customer-ended-call',
      });
      this.emit('call-end');
    }
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (this.session) this.applyMute(this.session);
  }

  isMuted(): boolean {
    return this.muted;
  }

  say(message: string, endCallAfterSpoken = false): void {
    if (this.session?.isConnected) this.speak(this.session, message, endCallAfterSpoken);
  }

  private newSession(): Session {
    const session: Session = {
      callId: `local-${crypto.randomUUID()}`,
      isConnected: false,
      stream: null,
      levelSource: null,
      observer: null,
      replyTimer: null,
      cancelSpeech: null,
      isAssistantSpeaking: false,
      pulse: 0,
      nextLine: 0,
      isAwaitingReply: false,
      noiseCancellation: false,
      isRecovering: false,
      hasRecovered: false,
      // The assistant's own (remote) audio drives the public speech events.
      assistantDetector: new SpeechDetector((event) => {
        if (event.type === 'volume-level') this.emit('volume-level', event.volume);
        else this.emit(event.type);
      }),
      // The caller's microphone only decides when the assistant speaks next.
      callerDetector: new SpeechDetector((event) => {
        if (event.type === 'speech-end' && session.isAwaitingReply) this.nextLine(session);
      }),
    };
    return session;
  }

  /** Reports a stage started, then completed (with its metadata) or failed. */
  private async runStage(
    stage: CallStartStage,
    work: () => Record<string, unknown> | Promise<Record<string, unknown>>,
  ): Promise<void> {
    const began = this.clock.now();
    this.emit('call-start-progress', { stage, status: 'started', timestamp: this.timestamp() });
    try {
      const metadata = await work();
      this.emit('call-start-progress', {
        stage,
        status: 'completed',
        timestamp: this.timestamp(),
        duration: this.clock.now() - began,
        metadata,
      });
    } catch (error) {
      this.emit('call-start-progress', {
        stage,
        status: 'failed',
        timestamp: this.timestamp(),
        duration: this.clock.now() - began,
        metadata: { error: errorMessage(error) },
      });
      this.emit('error', { type: STAGE_ERROR_TYPES[stage], error, stage });
      throw new StageFailure(stage, error);
    }
  }

  private failStart(
    stage: CallStartStage | 'validation' | 'unknown',
    error: string,
    startedAt: number,
  ) {
    this.emit('call-start-failed', {
      stage,
      error,
      totalDuration: this.clock.now() - startedAt,
      timestamp: this.timestamp(),
    });
  }

  /** One audio observer tick: the assistant's level always, the caller's when it is their turn. */
  private observe(session: Session) {
    const at = this.clock.now();
    const assistantLevel = session.isAssistantSpeaking ? SPEAKING_LEVEL + session.pulse : 0;
    session.pulse /= 2;
    session.assistantDetector.sample(assistantLevel, at);
    if (session.isAwaitingReply) {
      session.callerDetector.sample(this.muted ? 0 : this.readCallerLevel(session), at);
    }
  }

  private readCallerLevel(session: Session): number {
    if (!session.levelSource) return 0;
    try {
      return session.levelSource.read();
    } catch (error) {
      void this.recoverAudioProcessor(session, error);
      return 0;
    }
  }

  /**
   * The microphone, or null when it is refused or missing (spec §8: logged, and the call
   * goes on; the caller's turns then end on the reply timeout).
   */
  private async openMicrophone(): Promise<MediaStream | null> {
    try {
      return await this.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch (error) {
      console.warn('voice: no microphone; the assistant goes on without hearing the caller', error);
      return null;
    }
  }

  /** The browser's noise suppression on the microphone; returns whether it is now on. */
  private async setNoiseSuppression(session: Session, on: boolean): Promise<boolean> {
    const track = session.stream?.getAudioTracks()[0];
    if (!track) return false;
    await track.applyConstraints({ ...track.getConstraints(), noiseSuppression: on });
    return track.getSettings().noiseSuppression ?? on;
  }

  /**
   * Spec §8: on an audio-processor-error (the meter reading the microphone broke), noise
   * cancellation is turned off and the microphone re-enabled — unless the agent muted it:
   * their mute stands. The meter is then rebuilt.
   */
  private async recoverAudioProcessor(session: Session, cause: unknown) {
    if (session.isRecovering) return;
    session.levelSource?.close();
    session.levelSource = null;
    if (session.hasRecovered) {
      // Broken again: no more meter; the caller's turns end on the reply timeout.
      console.warn('voice: audio-processor-error again; no longer listening to the caller', cause);
      return;
    }
    session.isRecovering = true;
    session.hasRecovered = true;
    console.warn('voice: audio-processor-error; turning noise cancellation off', cause);
    try {
      session.noiseCancellation = await this.setNoiseSuppression(session, false);
    } catch (error) {
      this.emit('error', { type: 'audio-processing-setup-error', error });
    }
    if (this.session !== session || !session.stream) return;
    this.applyMute(session);
    try {
      session.levelSource = this.createLevelSource(session.stream);
    } catch (error) {
      this.emit('error', { type: 'audio-observer-setup-error', error });
    }
    session.isRecovering = false;
  }

  private speak(session: Session, text: string, endCallAfterSpoken: boolean) {
    session.cancelSpeech?.();
    this.stopAwaitingReply(session);
    session.isAssistantSpeaking = true;
    session.pulse = BOUNDARY_PULSE;
    this.emit('message', {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: text,
    });
    session.cancelSpeech = this.speaker.speak(text, {
      onBoundary: () => {
        session.pulse = BOUNDARY_PULSE;
      },
      onEnd: () => {
        if (this.session !== session) return;
        session.isAssistantSpeaking = false;
        session.cancelSpeech = null;
        if (endCallAfterSpoken) this.stop();
        else this.awaitReply(session);
      },
    });
  }

  /** The caller's turn: the next line comes when they stop speaking (or stay silent). */
  private awaitReply(session: Session) {
    if (session.nextLine >= this.script.length) return;
    session.callerDetector.reset();
    session.isAwaitingReply = true;
    session.replyTimer = this.clock.setTimeout(() => {
      if (!session.callerDetector.speaking) {
        this.nextLine(session);
        return;
      }
      // Still talking (or a noisy line that never goes quiet): give it one more period.
      session.replyTimer = this.clock.setTimeout(() => this.nextLine(session), this.replyTimeoutMs);
    }, this.replyTimeoutMs);
  }

  private stopAwaitingReply(session: Session) {
    session.isAwaitingReply = false;
    if (session.replyTimer !== null) this.clock.clearTimeout(session.replyTimer);
    session.replyTimer = null;
  }

  private nextLine(session: Session) {
    this.stopAwaitingReply(session);
    const line = this.script[session.nextLine];
    session.nextLine += 1;
    if (line !== undefined) this.speak(session, line, false);
  }

  private applyMute(session: Session) {
    for (const track of session.stream?.getAudioTracks() ?? []) track.enabled = !this.muted;
  }

  private cleanup(session: Session) {
    session.cancelSpeech?.();
    session.cancelSpeech = null;
    session.isAssistantSpeaking = false;
    this.stopAwaitingReply(session);
    if (session.observer !== null) this.clock.clearInterval(session.observer);
    session.observer = null;
    session.assistantDetector.reset();
    session.levelSource?.close();
    session.levelSource = null;
    for (const track of session.stream?.getTracks() ?? []) track.stop();
    session.stream = null;
  }

  private wait(ms: number) {
    return new Promise<void>((resolve) => this.clock.setTimeout(resolve, ms));
  }

  private timestamp() {
    return new Date(this.clock.now()).toISOString();
  }
}

function defaultSpeaker(clock: VoiceClock): LineSpeaker {
  const hasSynthesis =
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined';
  return hasSynthesis ? speechSynthesisSpeaker(window.speechSynthesis, clock) : timedSpeaker(clock);
}
