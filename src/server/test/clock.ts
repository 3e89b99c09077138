import type { Clock } from '../platform/context';

/** A clock that moves only when told to. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-03-02T14:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now() {
    return new Date(this.current);
  }

  set(to: Date | string) {
    this.current = new Date(to).getTime();
  }

  advance(ms: number) {
    this.current += ms;
  }

  advanceMinutes(minutes: number) {
    this.advance(minutes * 60_000);
  }
}
