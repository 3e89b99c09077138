import { describe, expect, it, vi } from 'vitest';
import {
  CALL_START_STAGES,
  hasStartTarget,
  type SpeechEvent,
  SpeechDetector,
  VoiceEventEmitter,
} from './voice-assistant';

/** Feeds `levels` one per 100 ms tick from `startAt`, returning what the detector said. */
function detect(levels: (number | number[])[], startAt = 0) {
  const events: SpeechEvent[] = [];
  const detector = new SpeechDetector((event) => events.push(event));
  levels.forEach((level, tick) => detector.sample(level, startAt + tick * 100));
  return { events, detector, speech: events.filter((event) => event.type !== 'volume-level') };
}

describe('SpeechDetector', () => {
  it('starts speaking only when the summed level exceeds 0.01', () => {
    expect(detect([0, 0.01, 0.005]).speech).toEqual([]);
    expect(detect([0.011]).speech).toEqual([{ type: 'speech-start' }]);
    // Two participants at 0.006 each sum to 0.012.
    expect(detect([[0.006, 0.006]]).speech).toEqual([{ type: 'speech-start' }]);
    expect(detect([0.02, 0.05, 0.03]).speech).toEqual([{ type: 'speech-start' }]);
  });

  it('reports volume as min(1, sum / 0.15) on every sample', () => {
    const { events } = detect([0, [0.03, 0.03], 0.075, 0.3]);
    const volumes = events.flatMap((event) =>
      event.type === 'volume-level' ? [event.volume] : [],
    );
    expect(volumes).toHaveLength(4);
    expect(volumes[0]).toBe(0);
    expect(volumes[1]).toBeCloseTo(0.4);
    expect(volumes[2]).toBeCloseTo(0.5);
    expect(volumes[3]).toBe(1);
  });

  it('ends speaking after 1 s without a level over the threshold', () => {
    // Loud at 0 ms, quiet from 100 ms: still speaking at 900 ms, ended at 1000 ms.
    const quietFor900 = detect([0.05, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(quietFor900.speech).toEqual([{ type: 'speech-start' }]);
    expect(quietFor900.detector.speaking).toBe(true);
    const quietFor1000 = detect([0.05, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(quietFor1000.speech).toEqual([{ type: 'speech-start' }, { type: 'speech-end' }]);
    expect(quietFor1000.detector.speaking).toBe(false);
  });

  it('restarts the quiet second on every loud sample', () => {
    const levels = [0.05, 0, 0, 0, 0, 0.05, ...Array<number>(9).fill(0)];
    expect(detect(levels).speech).toEqual([{ type: 'speech-start' }]);
    expect(detect([...levels, 0]).speech).toEqual([
      { type: 'speech-start' },
      { type: 'speech-end' },
    ]);
  });

  it('ends speech on reset only when speaking', () => {
    const { events, detector } = detect([0.05]);
    detector.reset();
    detector.reset();
    expect(events.filter((event) => event.type === 'speech-end')).toHaveLength(1);
  });
});

describe('VoiceEventEmitter', () => {
  it('delivers to listeners until they unsubscribe, past one that throws', () => {
    const emitter = new VoiceEventEmitter();
    const volumes: number[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    emitter.on('volume-level', () => {
      throw new Error('listener bug');
    });
    const unsubscribe = emitter.on('volume-level', (volume) => volumes.push(volume));
    emitter.emit('volume-level', 0.5);
    unsubscribe();
    emitter.emit('volume-level', 0.7);
    expect(volumes).toEqual([0.5]);
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});

describe('start target', () => {
  it('needs an assistant, a squad or a workflow', () => {
    expect(hasStartTarget(undefined)).toBe(false);
    expect(hasStartTarget({ name: 'Riley' })).toBe(false);
    expect(hasStartTarget({ assistantId: 'a-1' })).toBe(true);
    expect(hasStartTarget({ squad: {} })).toBe(true);
    expect(hasStartTarget({ workflowId: 'w-1' })).toBe(true);
  });

  it('lists the eight stages of spec §4 in order', () => {
    expect(CALL_START_STAGES).toEqual([
      'initialization',
      'web-call-creation',
      'daily-call-object-creation',
      'mobile-permissions',
      'daily-call-join',
      'video-recording-setup',
      'audio-observer-setup',
      'audio-processing-setup',
    ]);
  });
});
