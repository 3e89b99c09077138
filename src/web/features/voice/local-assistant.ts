/**
 * The `local` voice provider: the default, offline, needs no key. It opens the real
 * microphone, reports the same start stages as the Vapi client, and plays a practice caller:
 * a customer with one of several scenarios, so an agent can practise without keys. There is
 * no offline speech recognition: the agent's turn is detected on the microphone level, and
 * the caller's next line comes when the agent goes quiet.
 */
import type { CallType } from '../../../shared/schemas/agent';
import {
  AUDIO_OBSERVER_INTERVAL_MS,
  type CallStartStage,
  hasStartTarget,
  MISSING_START_TARGET_MESSAGE,
  MOBILE_PERMISSION_WAIT_MS,
  SPEAKING_END_TIMEOUT_MS,
  SpeechDetector,
  STAGE_ERROR_TYPES,
  type VoiceAssistant,
  type VoiceCall,
  VoiceEventEmitter,
  type VoiceIdentity,
  VOLUME_DIVISOR,
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
  /** Who called whom: on an inbound call the caller waits for the agent's greeting. */
  callType?: CallType;
  /** Taking over a call already under way: the caller picks up where it was cut off. */
  isResumed?: boolean;
  /** What the caller wants (by default the first scenario). */
  scenario?: PracticeScenario;
  /** The caller's lines already said on this call (a reload): it goes on after them. */
  linesSaid?: readonly string[];
  /**
   * Moves on when the agent stays silent this long after a line; if they are still speaking
   * then, after one more such period regardless.
   */
  replyTimeoutMs?: number;
}

/** A practice caller: what they call about, and what they say, turn by turn. */
export interface PracticeScenario {
  name: string;
  /** The caller's lines, one per turn; the last ends the call, politely. */
  lines: readonly string[];
}

export const PRACTICE_SCENARIOS: readonly PracticeScenario[] = [
  {
    name: 'Billing dispute',
    lines: [
      'Hi. I was charged twice for my subscription this month and I would like one of them back.',
      'Sure, my account number is 4 4 7 1 9 0, and the name is Jordan Lee.',
      'Both charges are for 49 dollars and 99 cents, on the 3rd and the 4th.',
      'Okay. How long until the refund shows on my card?',
      'Great, that is all I needed. Thank you for your help, goodbye.',
    ],
  },
  {
    name: 'Password reset',
    lines: [
      'Hello, I am locked out of my account. I think I typed the wrong password too many times.',
      'My username is sam dot porter, and the email on file is sam at example dot com.',
      'I did not get the reset email. Could you send it again?',
      'Got it, it just arrived. I am signed in now.',
      'Thanks a lot for sorting that out. Bye.',
    ],
  },
  {
    name: 'Outage report',
    lines: [
      'Hi, my internet has been down since this morning. Nothing works at all.',
      'I am at 12 Harbour Street. All the lights on the router are blinking orange.',
      'Yes, I already restarted it twice. It did not help.',
      'Is there an outage in my area? When will it be fixed?',
      'All right, I will wait for the text message then. Thank you, goodbye.',
    ],
  },
  {
    name: 'Order status',
    lines: [
      'Hello, I am calling about an order I placed last week. It still has not arrived.',
      'The order number is A B 3 0 9 1 7.',
      'The tracking page has said in transit for five days now.',
      'Can you tell me when it will be delivered?',
      'Perfect, thanks for checking. Have a nice day, goodbye.',
    ],
  },
  {
    name: 'Cancellation',
    lines: [
      'Hi. I would like to cancel my plan, please.',
      'It is just too expensive for me at the moment.',
      'What would the cheaper option cost per month?',
      'Let me think about it. Please keep the plan for now.',
      'Thank you for explaining it all. Goodbye.',
    ],
  },
  {
    name: 'Angry caller',
    lines: [
      'This is the third time I am calling about the same problem and nobody has fixed it!',
      'I have been waiting on hold for forty minutes. Do you know how frustrating that is?',
      'Your technician never showed up. I took a day off work for that.',
      'Fine. But I want someone to call me back today, not next week.',
      'All right. Thank you for listening, at least. Goodbye.',
    ],
  },
];

const PRACTICE_KEY = 'switchboard-practice-caller';

/**
 * The scenario of call `callId`: the one after the previous call's, so each call brings a
 * different caller, and the same for the same call (a reload, another tab of the agent).
 */
export function practiceScenarioFor(callId: string): PracticeScenario {
  let index = 0;
  try {
    const held = JSON.parse(localStorage.getItem(PRACTICE_KEY) ?? 'null') as {
      callId?: unknown;
      index?: unknown;
    } | null;
    const previous = typeof held?.index === 'number' ? held.index : -1;
    index = held?.callId === callId ? previous : previous + 1;
    index =
      ((index % PRACTICE_SCENARIOS.length) + PRACTICE_SCENARIOS.length) % PRACTICE_SCENARIOS.length;
    localStorage.setItem(PRACTICE_KEY, JSON.stringify({ callId, index }));
  } catch {
    // No storage (private mode): the first scenario each time.
  }
  return PRACTICE_SCENARIOS[index]!;
}

/** The caller's first line when the agent dialled: the one called picks up. */
export const ANSWERING_LINE = 'Hello?';
/** The caller's first line after a reload cut in. */
export const RESUMED_LINE = 'Sorry, I think we got cut off for a moment. Are you still there?';
/** The caller's first line after the agent took them off hold. */
export const AFTER_HOLD_LINE = 'Thanks for holding.';
/** What the caller says when the agent ends the call first. */
export const HANG_UP_LINE = 'Oh, okay. Thank you, bye.';

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
  /** The line being said, while it is. */
  speaking: string | null;
  /** When the agent's current turn began (browser ms), while they speak. */
  agentSpeakingSince: number | null;
  /** On Hold: the caller neither speaks nor listens. */
  isHeld: boolean;
  /** The line a hold cut off, said again after it. */
  cutOffLine: string | null;
  assistantDetector: SpeechDetector;
  agentDetector: SpeechDetector;
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
  private readonly scenario: PracticeScenario;
  private readonly linesSaid: number;
  private readonly replyTimeoutMs: number;
  private session: Session | null = null;
  private muted = false;
  /** The agent's chosen microphone; null: the system's default. */
  private microphoneId: string | null = null;

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
    this.scenario = options.scenario ?? PRACTICE_SCENARIOS[0]!;
    const said = new Set(options.linesSaid);
    this.linesSaid = this.scenario.lines.filter((line) => said.has(line)).length;
    this.replyTimeoutMs = options.replyTimeoutMs ?? 8000;
  }

  /** What the caller calls about, for the active-call screen. */
  get scenarioName() {
    return this.scenario.name;
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
        const stream = await this.openMicrophone();
        if (stream) this.useMicrophone(session, stream);
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
    // On an inbound call the caller waits for the agent's greeting; one called says hello.
    if (this.isResumed) this.speak(session, RESUMED_LINE, false);
    else if (this.callType === 'outbound') this.speak(session, ANSWERING_LINE, false);
    else this.awaitReply(session);
    return { id: session.callId };
  }

  stop(): void {
    const session = this.session;
    if (!session) return;
    this.session = null;
    this.cleanup(session);
    // The agent ended the call mid-scenario: the caller says goodbye, not cut off.
    const hasMoreToSay = session.nextLine < this.scenario.lines.length;
    if (session.isConnected && hasMoreToSay) this.speaker.speak(HANG_UP_LINE, { onEnd: () => {} });
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

  async setMicrophone(deviceId: string | null): Promise<void> {
    const session = this.session;
    // Before the call has its microphone, the choice is what it opens.
    if (!session?.isConnected) {
      this.microphoneId = deviceId;
      return;
    }
    const stream = await this.getUserMedia({
      audio: microphoneConstraints(deviceId, session.noiseCancellation),
    });
    if (this.session !== session) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.microphoneId = deviceId;
    const previous = session.stream;
    this.useMicrophone(session, stream);
    session.levelSource?.close();
    session.levelSource = null;
    try {
      session.levelSource = this.createLevelSource(stream);
    } catch (error) {
      this.emit('error', { type: 'audio-observer-setup-error', error });
    }
    for (const track of previous?.getTracks() ?? []) track.stop();
  }

  /** The caller's voice is the browser's speech synthesis, which plays on the default speaker. */
  setSpeaker(): Promise<void> {
    return Promise.resolve();
  }

  canChooseSpeaker(): boolean {
    return false;
  }

  say(message: string, endCallAfterSpoken = false): void {
    if (this.session?.isConnected) this.speak(this.session, message, endCallAfterSpoken);
  }

  /**
   * On Hold the caller waits in silence: a line being said is cut off, and said again after
   * 'Thanks for holding' when the agent takes them off hold.
   */
  setOnHold(held: boolean): void {
    const session = this.session;
    if (!session?.isConnected || session.isHeld === held) return;
    session.isHeld = held;
    if (held) {
      if (session.isAssistantSpeaking) session.cutOffLine = session.speaking;
      session.cancelSpeech?.();
      session.cancelSpeech = null;
      session.isAssistantSpeaking = false;
      this.stopAwaitingReply(session);
      return;
    }
    const cutOff = session.cutOffLine;
    session.cutOffLine = null;
    this.speak(session, AFTER_HOLD_LINE, false, cutOff);
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
      nextLine: this.linesSaid,
      isAwaitingReply: false,
      agentSpeakingSince: null,
      isHeld: false,
      cutOffLine: null,
      speaking: null,
      noiseCancellation: false,
      isRecovering: false,
      hasRecovered: false,
      // The assistant's own (remote) audio drives the public speech events.
      assistantDetector: new SpeechDetector((event) => {
        if (event.type === 'volume-level') this.emit('volume-level', event.volume);
        else this.emit(event.type);
      }),
      // The agent's microphone decides when the caller speaks next.
      agentDetector: new SpeechDetector((event) => {
        if (!session.isAwaitingReply) return;
        if (event.type === 'speech-start') session.agentSpeakingSince = this.clock.now();
        // Speech ends once the level has been quiet this long: their turn ended before.
        if (event.type === 'speech-end') this.agentTurnEnded(session, SPEAKING_END_TIMEOUT_MS);
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

  /**
   * One audio observer tick: the caller's level, and the agent's (what the caller hears: nothing
   * while muted or On Hold), which ends their turn when it is theirs.
   */
  private observe(session: Session) {
    const at = this.clock.now();
    const assistantLevel = session.isAssistantSpeaking ? SPEAKING_LEVEL + session.pulse : 0;
    session.pulse /= 2;
    session.assistantDetector.sample(assistantLevel, at);
    const agentLevel = this.muted || session.isHeld ? 0 : this.readAgentLevel(session);
    this.emit('microphone-level', Math.min(1, agentLevel / VOLUME_DIVISOR));
    if (session.isAwaitingReply) session.agentDetector.sample(agentLevel, at);
  }

  private readAgentLevel(session: Session): number {
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
    if (this.microphoneId !== null) {
      try {
        return await this.getUserMedia({ audio: microphoneConstraints(this.microphoneId, true) });
      } catch (error) {
        // Unplugged since it was chosen, perhaps: the system's default will do.
        console.warn('voice: the chosen microphone did not open; using the default', error);
        this.microphoneId = null;
      }
    }
    try {
      return await this.getUserMedia({ audio: microphoneConstraints(null, true) });
    } catch (error) {
      console.warn('voice: no microphone; the assistant goes on without hearing the caller', error);
      return null;
    }
  }

  /** The call's microphone from now on; when it is unplugged, the system's default. */
  private useMicrophone(session: Session, stream: MediaStream) {
    session.stream = stream;
    this.applyMute(session);
    for (const track of stream.getAudioTracks()) {
      track.addEventListener('ended', () => {
        if (this.session !== session || session.stream !== stream) return;
        console.warn('voice: the microphone went away; switching to the default');
        this.setMicrophone(null).catch((error: unknown) =>
          console.warn('voice: no microphone left', error),
        );
      });
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

  /** Says `text`; then `then` (a line a hold cut off), or the agent's turn, or the hang-up. */
  private speak(session: Session, text: string, endCallAfterSpoken: boolean, then?: string | null) {
    session.cancelSpeech?.();
    this.stopAwaitingReply(session);
    session.isAssistantSpeaking = true;
    session.speaking = text;
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
        session.speaking = null;
        session.cancelSpeech = null;
        if (endCallAfterSpoken) this.stop();
        else if (then) this.speak(session, then, session.nextLine >= this.scenario.lines.length);
        else this.awaitReply(session);
      },
    });
  }

  /** The agent's turn: the caller's next line comes when they stop speaking (or stay silent). */
  private awaitReply(session: Session) {
    if (session.nextLine >= this.scenario.lines.length) return;
    session.agentDetector.reset();
    session.agentSpeakingSince = null;
    session.isAwaitingReply = true;
    session.replyTimer = this.clock.setTimeout(() => {
      if (!session.agentDetector.speaking) {
        this.nextLine(session);
        return;
      }
      // Still talking (or a noisy line that never goes quiet): give it one more period.
      session.replyTimer = this.clock.setTimeout(
        () => this.agentTurnEnded(session, 0),
        this.replyTimeoutMs,
      );
    }, this.replyTimeoutMs);
  }

  /**
   * The agent spoke and stopped: their turn goes in the transcript with how long it took
   * (there is no offline speech recognition to write their words), then the caller answers.
   */
  private agentTurnEnded(session: Session, quietForMs: number) {
    const since = session.agentSpeakingSince;
    if (since !== null) {
      const spokeMs = this.clock.now() - quietForMs - since;
      const seconds = Math.max(1, Math.round(spokeMs / 1000));
      this.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: `(spoke for ${seconds} s)`,
      });
    }
    this.nextLine(session);
  }

  private stopAwaitingReply(session: Session) {
    session.isAwaitingReply = false;
    session.agentSpeakingSince = null;
    if (session.replyTimer !== null) this.clock.clearTimeout(session.replyTimer);
    session.replyTimer = null;
  }

  /** The caller's next line; the last one ends the call, politely. */
  private nextLine(session: Session) {
    this.stopAwaitingReply(session);
    const { lines } = this.scenario;
    const line = lines[session.nextLine];
    session.nextLine += 1;
    if (line !== undefined) this.speak(session, line, session.nextLine >= lines.length);
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

function microphoneConstraints(
  deviceId: string | null,
  noiseSuppression: boolean,
): MediaTrackConstraints {
  return {
    echoCancellation: true,
    noiseSuppression,
    ...(deviceId === null ? {} : { deviceId: { exact: deviceId } }),
  };
}

function defaultSpeaker(clock: VoiceClock): LineSpeaker {
  const hasSynthesis =
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined';
  return hasSynthesis ? speechSynthesisSpeaker(window.speechSynthesis, clock) : timedSpeaker(clock);
}
