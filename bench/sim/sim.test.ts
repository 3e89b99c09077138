import { describe, expect, it } from 'vitest';
import { between, seededRandom } from './random';
import { lowestWindowRate } from './recorder';
import { type AgentHour, planSeedWrites } from './seed-writes';

const from = Date.UTC(2026, 10, 21, 14, 0, 0);
const minute = 60_000;

describe('planSeedWrites', () => {
  const hour: AgentHour = {
    userId: 'agent',
    intervals: [
      { status: 'available', startedAt: new Date(from + 10_000) },
      { status: 'on_call', startedAt: new Date(from + minute) },
      { status: 'after_call', startedAt: new Date(from + 5 * minute) },
      { status: 'available', startedAt: new Date(from + 6 * minute) },
    ],
    calls: [
      {
        id: 'c1',
        callType: 'inbound',
        callStatus: 'answered',
        phoneNumber: '5550100',
        timeReceived: new Date(from + 55_000),
        answeredAt: new Date(from + minute),
        endedAt: new Date(from + 5 * minute),
      },
      {
        id: 'c2',
        callType: 'inbound',
        callStatus: 'declined',
        phoneNumber: '5550101',
        timeReceived: new Date(from + 7 * minute),
        answeredAt: null,
        endedAt: new Date(from + 7 * minute + 4000),
      },
      {
        id: 'c3',
        callType: 'inbound',
        callStatus: null,
        phoneNumber: '5550102',
        timeReceived: new Date(from + 59 * minute),
        answeredAt: null,
        endedAt: null,
      },
    ],
  };
  const writes = planSeedWrites(hour, from, from + 60 * minute);
  const count = (kind: string) => writes.filter((write) => write.kind === kind).length;

  it('ticks a timer row every second of the hour', () => {
    expect(count('timer')).toBe(3600);
  });

  it('writes the session once, each status change and each call outcome', () => {
    expect(count('session')).toBe(1);
    expect(count('status')).toBe(4);
    // Answered: inserted, then its duration; declined: inserted; still ringing: nothing yet.
    expect(count('call-insert')).toBe(2);
    expect(count('call-duration')).toBe(1);
  });

  it('opens a timer row only for a status not yet used in the session', () => {
    const statuses = writes.filter((write) => write.kind === 'status');
    expect(statuses.map((write) => write.isNewTimer)).toEqual([true, true, true, false]);
  });

  it('ticks the status that is current at each second, in time order', () => {
    const timers = writes.filter((write) => write.kind === 'timer');
    expect(timers[0]!.status).toBe('gone_home');
    expect(timers[10]!.status).toBe('available');
    expect(timers[60]!.status).toBe('on_call');
    expect(timers[3599]!.status).toBe('available');
    const times = writes.map((write) => write.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe('lowestWindowRate', () => {
  it('is the rate of the emptiest slice', () => {
    const doneAts = [100, 200, 300, 1100, 2100, 2200];
    expect(lowestWindowRate(doneAts, 0, 3000, 1000)).toBe(1);
    expect(lowestWindowRate([], 0, 3000, 1000)).toBe(0);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays within bounds', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    const random = seededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const n = between(random, 2, 6);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(6);
    }
  });
});
