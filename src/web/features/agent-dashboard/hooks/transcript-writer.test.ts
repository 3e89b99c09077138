import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NumberedLine } from '../api/call-details';
import { TRANSCRIPT_RETRY_MS, TranscriptWriter } from './transcript-writer';

const at = '2026-12-03T09:00:00.000Z';
const line = (text: string) => ({ speaker: 'caller' as const, text, at });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('TranscriptWriter', () => {
  it('numbers lines after those saved, and sends again what a failed save left', async () => {
    const sent: (readonly NumberedLine[])[] = [];
    let isUp = false;
    const save = vi.fn((_callId: string, lines: readonly NumberedLine[]) => {
      sent.push(lines);
      return isUp ? Promise.resolve() : Promise.reject(new Error('offline'));
    });
    const writer = new TranscriptWriter('call-1', save, 3);
    writer.add(line('One.'));
    await vi.advanceTimersByTimeAsync(0);
    writer.add(line('Two.')); // the first save failed; this one waits for the retry
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      [{ ...line('One.'), line: 3 }],
      [
        { ...line('One.'), line: 3 },
        { ...line('Two.'), line: 4 },
      ],
    ]);

    isUp = true;
    await vi.advanceTimersByTimeAsync(TRANSCRIPT_RETRY_MS);
    expect(sent.at(-1)).toEqual([
      { ...line('One.'), line: 3 },
      { ...line('Two.'), line: 4 },
    ]);
    const count = sent.length;
    await vi.advanceTimersByTimeAsync(TRANSCRIPT_RETRY_MS * 3);
    expect(sent).toHaveLength(count);
    expect(save).toHaveBeenCalledWith('call-1', expect.any(Array));
  });

  it('closed, sends what is left once and retries no more', async () => {
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    const writer = new TranscriptWriter('call-1', save);
    writer.add(line('One.'));
    await vi.advanceTimersByTimeAsync(0);
    writer.close();
    await vi.advanceTimersByTimeAsync(TRANSCRIPT_RETRY_MS * 3);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
