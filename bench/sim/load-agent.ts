import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LiveEvent } from '../../src/shared/live';
import type { AgentState } from '../../src/shared/schemas/agent';
import { type LiveSocket, connectLive, request, stateOf } from './agent-client';
import { between } from './random';
import type { ActionKind, LoadRecorder } from './recorder';
import type { SimUser } from './staff';

/**
 * One simulated agent of the write-path load (agent-load, and the fault tests), a busy softphone:
 * goes Available, waits for the engine's offer on its live socket, answers it (or declines one in
 * five), ends it (After Call Work), and then goes back to Available — by way of a break one time in
 * seven and of Out Bound with a dialled call one time in seven. Its actions are paced: each starts
 * `paceMs` (± 25 %) after the previous one started, or at once when that one took longer, so the
 * agents together offer a steady rate and a slow server shows as latency and a lower rate. As the
 * softphone, it names its tab on its socket and its actions (LIVE_TAB_HEADER): their states come in
 * the answers, and the socket brings what else changed (offers, rings missed).
 */
export interface LoadAgentOptions {
  baseUrl: string;
  user: SimUser;
  recorder: LoadRecorder;
  random: () => number;
  paceMs: number;
  /** Give up waiting for an offer after this long (counted, then Available is set again). */
  offerTimeoutMs: number;
  /** Lets an offer ring this long (random in the range) before answering or declining it. */
  pickUpMs?: [number, number];
  /** Each action the server acknowledged (2xx), with the state it answered (the fault tests). */
  onAcknowledged?: (ack: { kind: ActionKind; path: string; state: AgentState }) => void;
  /** Each state the live socket pushed. */
  onLiveState?: (state: AgentState) => void;
  /** The live socket closed (not by close()), with its code; it opens again a second later. */
  onSocketClose?: (code: number) => void;
}

export class LoadAgent {
  private live: LiveSocket | undefined;
  /** The latest ringing call the live socket told of, and who waits for one. */
  private ringing: { id: string; at: number } | undefined;
  private readonly handled = new Set<string>();
  private offerWaiter: (() => void) | undefined;
  private lastStart = 0;
  stopped = false;
  /** An action has been sent and not answered yet. */
  inFlight = false;
  /** An action failed: the agent's state is not known until it is fetched again. */
  private isLost = false;
  /** This simulated tab's id, on its socket and its actions. */
  private readonly tab = randomUUID();

  constructor(private readonly options: LoadAgentOptions) {}

  private isClosing = false;

  /**
   * Opens the live socket; a socket the server drops is opened again after a second, as the
   * softphone does (counted: `recorder.socketDrops`).
   */
  async connect() {
    this.live = connectLive(
      this.options.baseUrl,
      this.options.user,
      (event, at) => this.onEvent(event, at),
      (code) => {
        if (this.isClosing) return;
        this.options.onSocketClose?.(code);
        this.options.recorder.socketDrops++;
        setTimeout(() => {
          if (!this.isClosing) void this.connect().catch(() => undefined);
        }, 1000);
      },
      this.tab,
    );
    await this.live.opened;
  }

  close() {
    this.isClosing = true;
    return this.live?.close() ?? Promise.resolve();
  }

  private onEvent(event: LiveEvent, at: number) {
    if (event.type !== 'agent.state') return;
    this.options.onLiveState?.(event.state);
    this.noteState(event.state, at);
  }

  private noteState(state: AgentState, at: number) {
    const call = state.call;
    if (call?.phase === 'ringing' && !this.handled.has(call.id)) {
      this.ringing = { id: call.id, at };
      this.offerWaiter?.();
    }
  }

  /** Waits until `paceMs` (jittered) after the previous action started. */
  private async pace() {
    const jitter = 0.75 + this.options.random() * 0.5;
    const due = this.lastStart + this.options.paceMs * jitter;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }

  private async act(
    kind: ActionKind,
    method: 'PUT' | 'POST',
    path: string,
    body: unknown = {},
  ): Promise<AgentState | undefined> {
    await this.pace();
    const { baseUrl, user, recorder } = this.options;
    this.lastStart = performance.now();
    this.inFlight = true;
    try {
      const answer = await request(baseUrl, method, path, user.cookie, body, this.tab);
      if (answer.status >= 200 && answer.status < 300) {
        recorder.record(kind, answer.sentAt, answer.doneAt);
        const state = stateOf(answer);
        this.options.onAcknowledged?.({ kind, path, state });
        this.noteState(state, answer.doneAt);
        return state;
      }
      recorder.error(kind, answer.status, answer.body, answer.doneAt);
      this.isLost = true;
    } catch (error) {
      recorder.error(kind, 0, String(error), performance.now());
      this.isLost = true;
    } finally {
      this.inFlight = false;
    }
    return undefined;
  }

  private setStatus(status: string) {
    return this.act('status', 'PUT', '/api/agent/status', { status });
  }

  private async waitForOffer(): Promise<string | undefined> {
    const started = performance.now();
    const deadline = started + this.options.offerTimeoutMs;
    while (!this.stopped && performance.now() < deadline) {
      const ringing = this.ringing;
      if (ringing && !this.handled.has(ringing.id)) {
        this.handled.add(ringing.id);
        this.options.recorder.offerWaits.push(Math.max(0, ringing.at - started));
        return ringing.id;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - performance.now()));
        this.offerWaiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.offerWaiter = undefined;
    }
    if (!this.stopped) this.options.recorder.offerTimeouts++;
    return undefined;
  }

  /** Cycles until `stop()`; an error is recorded and the agent starts over from Available. */
  async run() {
    const { random } = this.options;
    await this.setStatus('available');
    while (!this.stopped) {
      if (this.isLost) await this.resync();
      const callId = await this.waitForOffer();
      if (this.stopped) break;
      if (!callId) {
        await this.setStatus('break');
        await this.setStatus('available');
        continue;
      }
      const { pickUpMs } = this.options;
      if (pickUpMs) await sleep(between(random, pickUpMs[0], pickUpMs[1]));
      if (random() < 0.2) {
        await this.act('decline', 'POST', `/api/agent/calls/${callId}/decline`);
        continue; // still Available: the next offer comes
      }
      if (!(await this.act('answer', 'POST', `/api/agent/calls/${callId}/answer`))) {
        await this.setStatus('available');
        continue;
      }
      await this.act('end', 'POST', `/api/agent/calls/${callId}/end`);
      const next = between(random, 1, 7);
      if (next === 1) {
        await this.setStatus('break');
      } else if (next === 2) {
        await this.setStatus('out_bound');
        const dialled = await this.act('dial', 'POST', '/api/agent/calls/outbound', {
          phoneNumber: `1555${String(between(random, 0, 9_999_999)).padStart(7, '0')}`,
        });
        if (dialled?.call) {
          this.handled.add(dialled.call.id);
          await this.act('end', 'POST', `/api/agent/calls/${dialled.call.id}/end`);
        }
      }
      if (!this.stopped) await this.setStatus('available');
    }
    // Off the floor: no more offers to an agent that has stopped.
    await this.options.recorder.quiet(() => this.leaveAvailable());
  }

  /**
   * After a failed action, as the softphone does: fetch the state, and end a call still in
   * progress (its end may be what failed), then go on from Available.
   */
  private async resync() {
    this.isLost = false;
    const { baseUrl, user } = this.options;
    try {
      const answer = await request(baseUrl, 'GET', '/api/agent/state', user.cookie);
      if (answer.status !== 200) return;
      const call = stateOf(answer).call;
      if (call?.phase === 'active')
        await this.act('end', 'POST', `/api/agent/calls/${call.id}/end`);
    } catch {
      // Still unreachable: the next action finds out again.
      this.isLost = true;
      return;
    }
    await this.setStatus('available');
  }

  private async leaveAvailable() {
    this.lastStart = 0;
    const answer = await request(
      this.options.baseUrl,
      'PUT',
      '/api/agent/status',
      this.options.user.cookie,
      { status: 'break' },
    );
    // A call still open (ringing is missed by the change, active refuses it) is ended.
    if (answer.status === 409) {
      const state = stateOf(
        await request(this.options.baseUrl, 'GET', '/api/agent/state', this.options.user.cookie),
      );
      if (state.call?.phase === 'active') {
        await request(
          this.options.baseUrl,
          'POST',
          `/api/agent/calls/${state.call.id}/end`,
          this.options.user.cookie,
          {},
        );
      }
    }
  }
}
