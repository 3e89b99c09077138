import type { CallType, TranscriptLine } from '../../../../shared/schemas/agent';
import type { VoiceProvider, VoiceSession } from '../../../../shared/schemas/voice';
import type { AssistantStart, CreatedAssistant, VoiceAssistant } from '../../voice';
import type { NumberedLine } from '../api/call-details';
import type { AssistantReturn } from './assistant-return';
import { storedAudioDevices } from './audio-devices';
import type { TranscriptWriter } from './transcript-writer';

/**
 * One line of the call as this tab shows it: the assistant's voice is the caller's, the
 * microphone's the agent's.
 */
export interface ShownLine {
  speaker: TranscriptLine['speaker'];
  text: string;
  /** A partial line is replaced by the next report of the same speaker. */
  isFinal: boolean;
}

export interface VoiceCallSnapshot {
  /** The call the assistant belongs to; null when there is none. */
  callId: string | null;
  /** Known once the session has been handed out. */
  provider: VoiceProvider | null;
  phase: 'idle' | 'starting' | 'started' | 'failed';
  /**
   * Taken over mid-call (this tab was reloaded, or the tab that ran it closed): the call is
   * already connected, so no connecting screen waits for this start.
   */
  isResumed: boolean;
  /** Browser time (ms) when the start settled: the assistant's call-start, or the failure. */
  settledAt: number | null;
  /** How many of the start stages (spec §4) have completed. */
  stagesCompleted: number;
  /** The practice caller's scenario (the offline assistant), null with any other. */
  scenario: string | null;
  transcript: readonly ShownLine[];
}

/** What the controller needs from the outside world, given so tests can fake it. */
export interface VoiceCallDeps {
  /** Asks for the microphone (the browser's prompt); rejects when refused or missing. */
  requestMicrophone(): Promise<void>;
  requestSession(callId: string): Promise<VoiceSession>;
  createAssistant(
    callId: string,
    session: VoiceSession,
    start: AssistantStart,
  ): Promise<CreatedAssistant>;
  /** The lines of the call saved so far (a tab taking it over goes on from them). */
  loadTranscript(callId: string): Promise<readonly TranscriptLine[]>;
  saveTranscript(callId: string, lines: readonly NumberedLine[]): Promise<void>;
  /**
   * The browser-wide lock `name` (one assistant per call across the agent's tabs): resolves to
   * its release once held, or to null when `wait` is false and another tab holds it, or when
   * `signal` aborts the wait.
   */
  acquireLock(name: string, wait: boolean, signal?: AbortSignal): Promise<(() => void) | null>;
  /** A reloading tab keeps the assistant (see assistant-return.ts). */
  handOver: AssistantReturn;
  now(): number;
}

/** How long a tab handed the assistant's lock waits before it checks the call goes on. */
export const RESUME_CHECK_MS = 1000;

/**
 * The lock held by the one tab of the agent's browser that runs the assistant (a browser has
 * one signed-in agent, and an agent one call at a time).
 */
export const ASSISTANT_LOCK = 'switchboard-assistant';

/** The assistant's lock asked for: its release once held, null when another tab holds it. */
export type Claim = Promise<(() => void) | null>;

/** Gives back a claim whose request failed. */
export function letGo(claimed: Claim) {
  void claimed.then((release) => release?.());
}

const idle: VoiceCallSnapshot = {
  callId: null,
  provider: null,
  phase: 'idle',
  isResumed: false,
  settledAt: null,
  stagesCompleted: 0,
  scenario: null,
  transcript: [],
};

/**
 * The voice assistant of the agent's current call (spec §4 'The answer flow'): at most one,
 * for one call id. Failures are logged, never shown: the call goes on without an assistant.
 * Plain TypeScript behind a subscribe/getSnapshot pair, so React only reads it.
 */
export class VoiceCallController {
  private snapshot: VoiceCallSnapshot = idle;
  private assistant: VoiceAssistant | null = null;
  private unsubscribers: (() => void)[] = [];
  private isMuted = false;
  private isHeld = false;
  private writer: TranscriptWriter | null = null;
  private releaseLock: (() => void) | null = null;
  /** Bumped on every begin and stop: an answer from an older start is thrown away. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly levelListeners = new Set<(level: number) => void>();

  constructor(private readonly deps: VoiceCallDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  get currentCallId() {
    return this.snapshot.callId;
  }

  /**
   * Asks for the assistant's lock before an answer or a dial is sent, so this tab is first in
   * line for the call it is about to take (the others queue only once they see it connected).
   * Hand the claim to `begin`, or to `letGo` when the request fails.
   */
  claim(): Claim {
    this.stop();
    return this.deps.acquireLock(ASSISTANT_LOCK, false);
  }

  /**
   * Starts the assistant for a call just answered or dialled, with the lock `claim` asked for;
   * without it (another tab runs an assistant) there is none here.
   */
  begin(callId: string, callType: CallType, claimed: Claim) {
    if (this.snapshot.callId === callId) {
      letGo(claimed);
      return;
    }
    this.stop();
    const generation = this.generation;
    this.isMuted = false;
    this.isHeld = false;
    this.update({ ...idle, callId, phase: 'starting' });
    void claimed.then((release) => {
      if (generation !== this.generation) release?.();
      else if (!release) this.stop(callId);
      else this.run(callId, { callType, isResumed: false }, release);
    });
  }

  /**
   * Waits its turn for the assistant of a call already connected that this tab does not run:
   * once the tab that runs it lets go (it closed, or this tab was reloaded and none does), and
   * after `RESUME_CHECK_MS` the call is still `isActive()`, this tab takes it over, muted if
   * `isMuted()`, on hold if `isHeld()`. Returns the cancel.
   */
  resumeWhenFree(
    callId: string,
    callType: CallType,
    current: { isActive: () => boolean; isMuted: () => boolean; isHeld: () => boolean },
  ) {
    const waiting = new AbortController();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const queue = async () => {
      const release = await this.deps.acquireLock(ASSISTANT_LOCK, true, waiting.signal);
      if (!release) return;
      // Let go at End Call in the other tab: the end reaches this one a moment later.
      await pause(RESUME_CHECK_MS);
      if (waiting.signal.aborted || !current.isActive() || this.snapshot.callId !== null) {
        release();
        return;
      }
      // The tab that ran it is reloading: it takes the assistant back; this one queues again.
      const awaited = this.deps.handOver.awaitedMs(callId, this.deps.now());
      if (awaited > 0) {
        release();
        await pause(awaited);
        if (!waiting.signal.aborted) void queue();
        return;
      }
      this.isMuted = current.isMuted();
      this.isHeld = current.isHeld();
      this.update({ ...idle, callId, phase: 'starting', isResumed: true });
      this.run(callId, { callType, isResumed: true }, release);
    };
    void queue();
    return () => waiting.abort();
  }

  /** The page is going (a reload, perhaps): the agent's other tabs wait a moment for it. */
  leave() {
    const { callId } = this.snapshot;
    if (callId !== null && this.releaseLock) this.deps.handOver.leave(callId, this.deps.now());
  }

  private run(callId: string, start: AssistantStart, release: () => void) {
    this.releaseLock = release;
    this.deps.handOver.settle();
    void this.start(callId, start, this.generation);
  }

  /** Ends the assistant (of `callId` only, when given). */
  stop(callId?: string) {
    if (callId !== undefined && this.snapshot.callId !== callId) return;
    this.generation += 1;
    this.releaseLock?.();
    this.releaseLock = null;
    this.writer?.close();
    this.writer = null;
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
    const { assistant } = this;
    this.assistant = null;
    try {
      assistant?.stop();
    } catch (error) {
      console.warn('voice: stopping the assistant failed', error);
    }
    if (this.snapshot !== idle) this.update(idle);
  }

  setMuted(callId: string, muted: boolean) {
    if (this.snapshot.callId !== callId) return;
    this.isMuted = muted;
    this.assistant?.setMuted(muted);
  }

  setOnHold(callId: string, held: boolean) {
    if (this.snapshot.callId !== callId) return;
    this.isHeld = held;
    this.assistant?.setOnHold(held);
  }

  /**
   * The call's microphone (null: the system's default), kept for the agent's next calls once
   * it opens. Rejects when it cannot be opened, or this tab does not run the call's audio.
   */
  async setMicrophone(callId: string, deviceId: string | null) {
    await this.assistantOf(callId).setMicrophone(deviceId);
    storedAudioDevices.write({ microphoneId: deviceId });
  }

  /** The call's speaker (null: the system's default), kept for the next calls and the ringtone. */
  async setSpeaker(callId: string, deviceId: string | null) {
    await this.assistantOf(callId).setSpeaker(deviceId);
    storedAudioDevices.write({ speakerId: deviceId });
  }

  /** Whether the call's audio plays on the speaker chosen (not with the offline caller). */
  canChooseSpeaker(callId: string) {
    return this.snapshot.callId === callId && (this.assistant?.canChooseSpeaker() ?? false);
  }

  /** The agent's microphone level (0..1) as the call hears it, while an assistant runs here. */
  onMicrophoneLevel = (listener: (level: number) => void) => {
    this.levelListeners.add(listener);
    return () => {
      this.levelListeners.delete(listener);
    };
  };

  private assistantOf(callId: string) {
    if (this.snapshot.callId !== callId || !this.assistant) {
      throw new Error('This tab does not play the call');
    }
    return this.assistant;
  }

  private async start(callId: string, start: AssistantStart, generation: number) {
    const isCurrent = () => generation === this.generation;
    try {
      // The browser's prompt, not waited for: an agent who leaves it unanswered must not hold
      // up the assistant. Spec §8: a refusal is only logged; the call goes on without it.
      this.deps
        .requestMicrophone()
        .catch((error: unknown) => console.warn('voice: microphone access failed', error));
      const [session, saved, { TranscriptWriter }] = await Promise.all([
        this.deps.requestSession(callId),
        start.isResumed ? this.loadTranscript(callId) : [],
        import('./transcript-writer'),
      ]);
      if (!isCurrent()) return;
      this.writer = new TranscriptWriter(callId, this.deps.saveTranscript, saved.length);
      const transcript = saved.map(({ speaker, text }) => ({ speaker, text, isFinal: true }));
      this.update({ ...this.snapshot, provider: session.provider, transcript });
      const linesSaid = saved.filter((line) => line.speaker === 'caller').map((line) => line.text);
      const created = await this.deps.createAssistant(callId, session, { ...start, linesSaid });
      if (!isCurrent()) return;
      const { assistant, identity, scenario = null } = created;
      this.assistant = assistant;
      this.update({ ...this.snapshot, scenario });
      this.listen(assistant, callId);
      if (this.isMuted) assistant.setMuted(true);
      if (this.isHeld) assistant.setOnHold(true);
      const devices = storedAudioDevices.read();
      await Promise.all([
        assistant.setMicrophone(devices.microphoneId),
        assistant.setSpeaker(devices.speakerId),
      ]);
      const call = await assistant.start(identity);
      if (!isCurrent()) return;
      if (call) this.settle('started');
      else this.fail(callId, new Error('The assistant did not start'));
    } catch (error) {
      if (isCurrent()) this.fail(callId, error);
    }
  }

  private listen(assistant: VoiceAssistant, callId: string) {
    this.unsubscribers.push(
      assistant.on('call-start', () => this.settle('started')),
      assistant.on('call-start-progress', ({ stage, status }) => {
        console.debug(`voice: call ${callId} stage ${stage} ${status}`);
        if (status === 'completed') {
          this.update({ ...this.snapshot, stagesCompleted: this.snapshot.stagesCompleted + 1 });
        }
      }),
      assistant.on('call-start-failed', (failure) =>
        console.warn(`voice: call ${callId} start failed`, failure),
      ),
      assistant.on('error', (error) => console.warn(`voice: call ${callId}`, error)),
      assistant.on('microphone-level', (level) => {
        for (const listener of this.levelListeners) listener(level);
      }),
      // The assistant hanging up does not end the agent's call: only End Call does.
      assistant.on('call-end', () => console.info(`voice: the assistant left call ${callId}`)),
      assistant.on('message', (message) => {
        if (message.type !== 'transcript') return;
        this.addTranscript({
          speaker: message.role === 'assistant' ? 'caller' : 'agent',
          text: message.transcript,
          isFinal: message.transcriptType === 'final',
        });
      }),
    );
  }

  /** A tab taking a call over shows and numbers on from the lines saved; none if unreadable. */
  private async loadTranscript(callId: string) {
    try {
      return await this.deps.loadTranscript(callId);
    } catch (error) {
      console.warn(`voice: the transcript of call ${callId} could not be read`, error);
      return [];
    }
  }

  /** Shows a line, and saves it with the call once it is final. */
  private addTranscript(line: ShownLine) {
    const lines = [...this.snapshot.transcript];
    const last = lines.at(-1);
    if (last && !last.isFinal && last.speaker === line.speaker) lines.pop();
    lines.push(line);
    this.update({ ...this.snapshot, transcript: lines });
    if (line.isFinal) {
      const at = new Date(this.deps.now()).toISOString();
      this.writer?.add({ speaker: line.speaker, text: line.text, at });
    }
  }

  private settle(phase: 'started' | 'failed') {
    if (this.snapshot.settledAt !== null) return;
    this.update({ ...this.snapshot, phase, settledAt: this.deps.now() });
  }

  private fail(callId: string, error: unknown) {
    console.warn(`voice: the assistant for call ${callId} could not start`, error);
    this.settle('failed');
  }

  private update(next: VoiceCallSnapshot) {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
