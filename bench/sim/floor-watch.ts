import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LiveEvent } from '../../src/shared/live';
import { type LiveSocket, connectLive } from './agent-client';
import type { SimUser } from './staff';

/**
 * Fan-out probes (the live-fanout benchmark): supervisors on the live floor view (their live socket
 * gets `floor.snapshot`, then `floor.agent` per change), and the expectations a status change
 * request sets up — done when every supervisor has been told the agent's new status.
 */
const SNAPSHOT_TIMEOUT_MS = 30_000;

export interface Expectation {
  agentId: string;
  status: string;
  /** performance.now() when the request was sent. */
  sentAt: number;
  /** Supervisors still to be told. */
  pending: Set<number>;
  /** The latest arrival so far (the last supervisor's is the fan-out's end). */
  lastAt: number;
  done: Promise<void>;
  resolve(): void;
}

export class FloorWatch {
  private readonly expectations = new Map<string, Expectation>();
  private readonly sockets: LiveSocket[] = [];
  private readonly snapshots: Promise<void>[] = [];
  /** Supervisors (by index) sent their first floor snapshot. */
  private readonly withSnapshot = new Set<number>();
  /** floor.agent events seen by each supervisor. */
  readonly eventCounts: number[] = [];
  /** The close code of each supervisor's socket the server closed during the run. */
  private readonly closeCodes = new Map<number, number>();
  private isClosing = false;

  /** Supervisor sockets closed by the server during the run. */
  get closedEarly() {
    return this.closeCodes.size;
  }

  constructor(private readonly supervisors: readonly { user: SimUser; baseUrl: string }[]) {}

  /** Opens every supervisor's socket and waits for each one's first floor snapshot. */
  async connect() {
    for (const [index, { user, baseUrl }] of this.supervisors.entries()) {
      let gotSnapshot: () => void = () => undefined;
      this.snapshots.push(new Promise<void>((resolve) => (gotSnapshot = resolve)));
      this.eventCounts.push(0);
      const socket = connectLive(
        baseUrl,
        user,
        (event, at) => {
          if (event.type !== 'floor.snapshot') return this.onEvent(index, event, at);
          this.withSnapshot.add(index);
          gotSnapshot();
        },
        (code) => {
          if (!this.isClosing) this.closeCodes.set(index, code);
        },
      );
      this.sockets.push(socket);
      await socket.opened;
    }
    const waited = await Promise.race([
      Promise.all(this.snapshots).then(() => true),
      sleep(SNAPSHOT_TIMEOUT_MS).then(() => false),
    ]);
    if (!waited) {
      const missing = this.supervisors
        .map(({ baseUrl }, index) => ({ baseUrl, index }))
        .filter(({ index }) => !this.withSnapshot.has(index));
      throw new Error(
        `not every supervisor got the floor snapshot within ${SNAPSHOT_TIMEOUT_MS} ms: ` +
          `${missing.length} of ${this.supervisors.length} did not (${missing
            .map(({ baseUrl, index }) => {
              const code = this.closeCodes.get(index);
              return `#${index} on ${baseUrl}${code === undefined ? '' : `, closed (${code})`}`;
            })
            .join(', ')}); ${this.closedEarly} sockets closed by the server`,
      );
    }
  }

  private onEvent(supervisor: number, event: LiveEvent, at: number) {
    if (event.type !== 'floor.agent') return;
    this.eventCounts[supervisor]!++;
    const expectation = this.expectations.get(event.agentId);
    if (!expectation || event.agent?.status !== expectation.status) return;
    if (!expectation.pending.delete(supervisor)) return;
    expectation.lastAt = Math.max(expectation.lastAt, at);
    if (expectation.pending.size === 0) {
      this.expectations.delete(event.agentId);
      expectation.resolve();
    }
  }

  /** Set up before the request is sent: one at a time per agent. */
  expect(agentId: string, status: string, sentAt = performance.now()): Expectation {
    if (this.expectations.has(agentId)) throw new Error(`agent ${agentId} already awaited`);
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((r) => (resolve = r));
    const expectation: Expectation = {
      agentId,
      status,
      sentAt,
      pending: new Set(this.supervisors.map((_, index) => index)),
      lastAt: 0,
      done,
      resolve,
    };
    this.expectations.set(agentId, expectation);
    return expectation;
  }

  /** Stops waiting for an agent's change (timed out). */
  forget(agentId: string) {
    this.expectations.delete(agentId);
  }

  isAwaited(agentId: string) {
    return this.expectations.has(agentId);
  }

  async close() {
    this.isClosing = true;
    await Promise.all(this.sockets.map((socket) => socket.close()));
  }
}
