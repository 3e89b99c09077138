import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AgentState } from '../../src/shared/schemas/agent';
import { type LiveSocket, connectLive, request, stateOf } from './agent-client';
import type { SimUser } from './staff';

/** performance.now() as wall-clock milliseconds, comparable with the server's timestamps. */
export const epochOf = (at: number) => performance.timeOrigin + at;

export interface QueueAgentOptions {
  baseUrl: string;
  user: SimUser;
  random: () => number;
  /** Mean talk time (exponential), then this long in After Call Work before Available. */
  handleMeanMs: number;
  afterCallMs: number;
  /** Each offer's call id and when (wall clock, ms) its ringing state reached this agent. */
  onOffer(callId: string, seenAt: number): void;
  /** A request the server refused or that failed. */
  onError(what: string): void;
}

/**
 * A queue team's agent at work (the `queues` benchmark): Available, answers each offer the
 * moment its live socket (or an answer) shows it ringing, talks for an exponential time, ends
 * the call, spends the After Call Work and goes Available again. `answering` false: offers are
 * left to ring, and the agent goes on Break once its call ends.
 */
export class QueueAgent {
  private live: LiveSocket | undefined;
  private readonly tab = randomUUID();
  private readonly seen = new Set<string>();
  /** An offer seen and not taken yet (it came while the agent was still busy). */
  private offered: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private isClosing = false;
  answering = true;

  constructor(private readonly options: QueueAgentOptions) {}

  async connect() {
    this.live = connectLive(
      this.options.baseUrl,
      this.options.user,
      (event, at) => {
        if (event.type === 'agent.state') this.note(event.state, at);
      },
      (code) => {
        if (!this.isClosing) this.options.onError(`live socket closed (${code})`);
      },
      this.tab,
    );
    await this.live.opened;
  }

  close() {
    this.isClosing = true;
    clearTimeout(this.timer);
    return this.live?.close() ?? Promise.resolve();
  }

  /** Available, then calls until `answering` is set false. */
  async start() {
    await this.act('PUT', '/api/agent/status', { status: 'available' });
  }

  private note(state: AgentState, at: number) {
    const call = state.call;
    if (call?.phase !== 'ringing' || this.seen.has(call.id)) return;
    this.seen.add(call.id);
    this.options.onOffer(call.id, epochOf(at));
    this.offered = call.id;
    this.takeOffer();
  }

  private takeOffer() {
    if (this.busy || !this.answering || !this.offered) return;
    const callId = this.offered;
    this.offered = undefined;
    void this.handle(callId);
  }

  private async act(method: 'PUT' | 'POST', path: string, body: unknown = {}) {
    const { baseUrl, user } = this.options;
    try {
      const answer = await request(baseUrl, method, path, user.cookie, body, this.tab);
      if (answer.status >= 200 && answer.status < 300) {
        this.note(stateOf(answer), answer.doneAt);
        return true;
      }
      this.options.onError(`${method} ${path.replace(/[0-9a-f-]{36}/, ':id')} ${answer.status}`);
    } catch (error) {
      this.options.onError(`${method} ${path}: ${String(error)}`);
    }
    return false;
  }

  private after(ms: number) {
    return new Promise<void>((resolve) => {
      this.timer = setTimeout(resolve, ms);
    });
  }

  private async handle(callId: string) {
    this.busy = true;
    const { random, handleMeanMs, afterCallMs } = this.options;
    try {
      if (!(await this.act('POST', `/api/agent/calls/${callId}/answer`))) return;
      await this.after(-handleMeanMs * Math.log(1 - random()));
      await this.act('POST', `/api/agent/calls/${callId}/end`);
      if (!this.answering) {
        await this.act('PUT', '/api/agent/status', { status: 'break' });
        return;
      }
      await this.after(afterCallMs);
      await this.act('PUT', '/api/agent/status', {
        status: this.answering ? 'available' : 'break',
      });
    } finally {
      this.busy = false;
    }
    // An offer that came before the answer to Available did is taken now.
    this.takeOffer();
  }
}
