/**
 * What a load run saw: each action's latency and completion time by kind, and every error
 * (a status other than 2xx, or a failed request) with a sample of what it said.
 */
export type ActionKind = 'status' | 'answer' | 'decline' | 'end' | 'dial';

export const statusKinds: readonly ActionKind[] = ['status'];
export const callKinds: readonly ActionKind[] = ['answer', 'decline', 'end', 'dial'];

export interface ActionRecord {
  kind: ActionKind;
  /** performance.now() at send and at the end of the answer. */
  sentAt: number;
  doneAt: number;
}

export class LoadRecorder {
  readonly actions: ActionRecord[] = [];
  readonly errors: { kind: ActionKind; status: number; body: string; at: number }[] = [];
  readonly offerWaits: number[] = [];
  offerTimeouts = 0;
  /** Live sockets the server closed during the run (each opened again). */
  socketDrops = 0;

  record(kind: ActionKind, sentAt: number, doneAt: number) {
    this.actions.push({ kind, sentAt, doneAt });
  }

  error(kind: ActionKind, status: number, body: string, at: number) {
    this.errors.push({ kind, status, body: body.slice(0, 200), at });
  }

  /** Winding down after the measurement: failures here are not the run's. */
  async quiet(work: () => Promise<void>) {
    try {
      await work();
    } catch {
      // The run is over; the agent is only being tidied away.
    }
  }

  /** Actions that completed within [from, to), optionally of some kinds. */
  within(from: number, to: number, kinds?: readonly ActionKind[]) {
    return this.actions.filter(
      (action) =>
        action.doneAt >= from && action.doneAt < to && (!kinds || kinds.includes(action.kind)),
    );
  }
}

/**
 * The slowest stretch: completions per second in each `windowMs` slice of [from, to), the
 * lowest slice's rate (a rate sustained for the whole span is at least this everywhere).
 */
export function lowestWindowRate(
  doneAts: readonly number[],
  from: number,
  to: number,
  windowMs: number,
): number {
  const slices = Math.max(1, Math.floor((to - from) / windowMs));
  const counts = new Array<number>(slices).fill(0);
  for (const at of doneAts) {
    const slice = Math.floor((at - from) / windowMs);
    if (slice >= 0 && slice < slices) counts[slice]!++;
  }
  return Math.min(...counts) / (windowMs / 1000);
}
