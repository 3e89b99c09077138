/**
 * The provider-neutral voice-AI interface (DESIGN.md principle 5). The softphone talks only
 * to `VoiceAssistant`; the `local` and `vapi` providers sit behind it. Event names, start
 * stages and error types follow spec §4 'Voice client start stages' and §8 'Softphone',
 * which are those of the official Vapi web client.
 */

import type { CallStartStage } from './call-start-stages';

export { CALL_START_STAGES, type CallStartStage } from './call-start-stages';
export { VoiceEventEmitter } from './voice-events';

/** Spec §9 'Audio'. */
export const AUDIO_OBSERVER_INTERVAL_MS = 100;
/** Speech is detected when the summed remote level exceeds this. */
export const SPEAKING_THRESHOLD = 0.01;
/** volume = min(1, sum / VOLUME_DIVISOR). */
export const VOLUME_DIVISOR = 0.15;
/** Speaking ends after this long without a level over the threshold. */
export const SPEAKING_END_TIMEOUT_MS = 1000;
/** Spec §9: the mobile-permissions stage waits this long, on mobile only. */
export const MOBILE_PERMISSION_WAIT_MS = 1000;

/** Spec §5 'Voice client start'. */
export const MISSING_START_TARGET_MESSAGE = 'Assistant or Squad or Workflow must be provided.';

/** The error types of spec §8 'Softphone'. */
export type VoiceErrorType =
  | 'validation-error'
  | 'daily-call-object-creation-error'
  | 'daily-call-join-error'
  | 'video-recording-setup-error'
  | 'audio-observer-setup-error'
  | 'audio-processing-setup-error'
  | 'start-method-error';

/** The error reported when a stage fails (stages with no error type of their own: start-method-error). */
export const STAGE_ERROR_TYPES: Record<CallStartStage, VoiceErrorType> = {
  initialization: 'start-method-error',
  'web-call-creation': 'start-method-error',
  'daily-call-object-creation': 'daily-call-object-creation-error',
  'mobile-permissions': 'start-method-error',
  'daily-call-join': 'daily-call-join-error',
  'video-recording-setup': 'video-recording-setup-error',
  'audio-observer-setup': 'audio-observer-setup-error',
  'audio-processing-setup': 'audio-processing-setup-error',
};

/** What a call is started with: an assistant, a squad or a workflow (by id or inline). */
export interface VoiceIdentity {
  /** The identity's display name, e.g. the assistant's persona. */
  name?: string;
  assistantId?: string;
  assistant?: Record<string, unknown>;
  squadId?: string;
  squad?: Record<string, unknown>;
  workflowId?: string;
  workflow?: Record<string, unknown>;
}

/** A started call. */
export interface VoiceCall {
  id: string;
}

export interface CallStartProgress {
  stage: CallStartStage;
  status: 'started' | 'completed' | 'failed';
  /** ISO time of the report. */
  timestamp: string;
  /** Milliseconds the stage took (completed and failed only). */
  duration?: number;
  metadata?: Record<string, unknown>;
}

export interface CallStartFailure {
  /** The stage that failed, or 'validation' / 'unknown' outside the stages. */
  stage: CallStartStage | 'validation' | 'unknown';
  error: string;
  totalDuration: number;
  timestamp: string;
}

export interface VoiceError {
  type: VoiceErrorType;
  error: unknown;
  stage?: CallStartStage;
}

export type VoiceMessage =
  | {
      type: 'transcript';
      role: 'assistant' | 'user';
      transcriptType: 'partial' | 'final';
      transcript: string;
    }
  | { type: 'status-update'; status: string; endedReason?: string };

/** Every event and its payload. */
export interface VoiceEvents {
  'call-start-progress': CallStartProgress;
  'call-start-success': { callId: string; totalDuration: number };
  'call-start-failed': CallStartFailure;
  'call-start': undefined;
  'call-end': undefined;
  'speech-start': undefined;
  'speech-end': undefined;
  /** The assistant's (remote) volume, 0..1. */
  'volume-level': number;
  /** The agent's own microphone as the call hears it, 0..1: 0 while muted or On Hold. */
  'microphone-level': number;
  message: VoiceMessage;
  error: VoiceError;
}
export type VoiceEventName = keyof VoiceEvents;
export type VoiceListener<E extends VoiceEventName> = (payload: VoiceEvents[E]) => void;

export interface VoiceAssistant {
  /** Starts a call; resolves null when the start fails or a call is already started. */
  start(identity: VoiceIdentity): Promise<VoiceCall | null>;
  /** Ends the call (no-op when none). */
  stop(): void;
  setMuted(muted: boolean): void;
  isMuted(): boolean;
  /** On Hold (true) and back: the call's audio pauses, the agent's mute aside. */
  setOnHold(held: boolean): void;
  /**
   * The microphone the call uses (null: the system's default), now and for a start to come.
   * Rejects when the device cannot be opened; the call then keeps the one it had.
   */
  setMicrophone(deviceId: string | null): Promise<void>;
  /** The speaker the call's audio plays on (null: the system's default), where it can choose. */
  setSpeaker(deviceId: string | null): Promise<void>;
  /** Whether the call's audio follows setSpeaker (the offline caller's speech synthesis cannot). */
  canChooseSpeaker(): boolean;
  /** Has the assistant say a line, and end the call after it when asked. */
  say(message: string, endCallAfterSpoken?: boolean): void;
  /** Subscribes; returns the unsubscribe function. */
  on<E extends VoiceEventName>(event: E, listener: VoiceListener<E>): () => void;
  off<E extends VoiceEventName>(event: E, listener: VoiceListener<E>): void;
}

/** Spec §5: an assistant, a squad or a workflow must be given. */
export function hasStartTarget(identity: VoiceIdentity | null | undefined): boolean {
  if (!identity) return false;
  return Boolean(
    identity.assistantId ||
    identity.assistant ||
    identity.squadId ||
    identity.squad ||
    identity.workflowId ||
    identity.workflow,
  );
}

export type SpeechEvent =
  { type: 'speech-start' } | { type: 'speech-end' } | { type: 'volume-level'; volume: number };

/**
 * Turns level samples (taken every AUDIO_OBSERVER_INTERVAL_MS) into speech-start,
 * speech-end and volume-level, by the spec §9 numbers. Pure: time comes with each sample.
 */
export class SpeechDetector {
  private isSpeaking = false;
  private lastLoudAt = 0;

  constructor(private readonly onEvent: (event: SpeechEvent) => void) {}

  /** Feeds one observation: the level of each remote participant (summed), at `at` ms. */
  sample(levels: number | readonly number[], at: number): void {
    const sum = typeof levels === 'number' ? levels : levels.reduce((total, l) => total + l, 0);
    this.onEvent({ type: 'volume-level', volume: Math.min(1, sum / VOLUME_DIVISOR) });
    if (sum > SPEAKING_THRESHOLD) {
      this.lastLoudAt = at;
      if (!this.isSpeaking) {
        this.isSpeaking = true;
        this.onEvent({ type: 'speech-start' });
      }
    } else if (this.isSpeaking && at - this.lastLoudAt >= SPEAKING_END_TIMEOUT_MS) {
      this.isSpeaking = false;
      this.onEvent({ type: 'speech-end' });
    }
  }

  get speaking(): boolean {
    return this.isSpeaking;
  }

  /** Forgets the state; ends speech first if it was on. */
  reset(): void {
    if (this.isSpeaking) {
      this.isSpeaking = false;
      this.onEvent({ type: 'speech-end' });
    }
  }
}
