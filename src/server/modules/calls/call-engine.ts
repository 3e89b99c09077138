import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { databaseUnavailable } from '../../platform/database';
import type { AgentChange, LiveHub } from '../live/live-hub';
import { type AgentAction, lockAgent } from '../presence/presence.repository';
import { performAgentActionInTransaction } from '../presence/presence.service';
import { createQueueEngine } from '../queues/queue-engine';
import * as repo from './call-engine.repository';
import { fakeUsNumber, randomInt } from './fake-caller';

/** Connection rows not heard from for this long are deleted. */
const CONNECTION_RETENTION_MS = 60 * 60_000;

interface CallEngineOptions {
  ctx: AppContext;
  hub: Pick<LiveHub, 'heartbeat' | 'databaseReachable'>;
  /** This server's name across restarts: earlier runs under it are dead (see recover). */
  instanceName: string;
  /** [0, 1): the callers' numbers. */
  random?: () => number;
  /** [0, 1): where in the delay range an agent's offer falls (tests pin it). */
  offerDelayFraction?: (userId: string, basis: Date) => number;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

/**
 * Where in the delay range the offer for an agent eligible since `basis` falls: uniform, and
 * the same in every process (a hash of the two), so no plan is stored.
 */
export function hashedDelayFraction(userId: string, basis: Date) {
  const digest = createHash('sha256').update(`${userId}|${basis.getTime()}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * The server's inbound-call simulator (DESIGN.md principle 4). All its state is in the
 * database — ring deadlines, live connections, and the moments offer times derive from — so
 * any process's tick can act on it, claims are exclusive (FOR UPDATE SKIP LOCKED or a
 * conditional UPDATE), and a process that dies leaves nothing another cannot finish.
 */
export function createCallEngine({
  ctx,
  hub,
  instanceName,
  random = Math.random,
  offerDelayFraction = hashedDelayFraction,
  log,
}: CallEngineOptions) {
  const timings = ctx.config.callEngine;
  const startedAt = ctx.clock.now().getTime();
  let lastHeartbeat = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const queues = createQueueEngine({ ctx, random, log });

  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
  const later = (at: Date, ms: number) => new Date(at.getTime() + ms);
  // An action of the engine's own: never before `now`, which a test's tick may set ahead of
  // the clock.
  const actionTime = (now: Date) => new Date(Math.max(now.getTime(), ctx.clock.now().getTime()));

  /** When an agent eligible since `basis` is offered a call: basis + a delay in the range. */
  function offerTime(userId: string, basis: Date) {
    const { offerDelayMinMs: min, offerDelayMaxMs: max } = timings;
    return later(
      basis,
      randomInt(() => offerDelayFraction(userId, basis), min, max),
    );
  }

  /**
   * Eligible agents whose offer time has come ring now: each under its lock (one a status
   * change or another process holds is left to the next tick), still eligible since the
   * same moment. Their open call then makes them ineligible until it ends, which starts a
   * new basis: one offer per basis, across processes.
   */
  async function makeOffers(now: Date) {
    const freshSince = ago(now, timings.disconnectGraceMs);
    const due = (await repo.eligibleAgents(ctx.db, freshSince)).filter(
      (agent) => offerTime(agent.user_id, agent.basis) <= now,
    );
    if (due.length === 0) return [];
    return ctx.db.transaction().execute(async (trx) => {
      const claimed = await repo.claimAgents(
        trx,
        due.map((agent) => agent.user_id),
      );
      if (claimed.length === 0) return [];
      const offers = (await repo.eligibleAgents(trx, freshSince, { userIds: claimed }))
        .filter((agent) => offerTime(agent.user_id, agent.basis) <= now)
        .map((agent) => ({
          user_id: agent.user_id,
          phone_number: fakeUsNumber(random),
          time_received: now,
          ring_deadline: later(now, timings.ringMs),
        }));
      return repo.insertOffers(trx, offers);
    });
  }

  /**
   * Agents gone since `goneSince` (repo.absentAgents): a call in progress ends with the
   * status After Call Work, at the moment its agent's last connection was last heard from
   * (the call lasted that long, not the grace on top), or now when that is unknown or
   * `callsEndNow`; an Available agent is set to Tech Issues by the system, now. Each in a
   * transaction holding the agent's lock, checked again under it; each change announces
   * itself (perform_agent_actions, which never puts it before the call's answer).
   */
  async function settleAbsentAgents(
    now: Date,
    goneSince: Date,
    { callsOnly = false, callsEndNow = false } = {},
  ) {
    for (const { user_id: userId } of await repo.absentAgents(ctx.db, goneSince, { callsOnly })) {
      await ctx.db.transaction().execute(async (trx) => {
        await lockAgent(trx, userId);
        const [absent] = await repo.absentAgents(trx, goneSince, { userIds: [userId], callsOnly });
        if (!absent) return;
        const at = actionTime(now);
        if (!absent.call_id) {
          const action: AgentAction = { kind: 'status', status: 'tech_issues' };
          await performAgentActionInTransaction(ctx, trx, userId, action, 'system', at);
          return;
        }
        const endedAt = absent.last_seen && !callsEndNow ? new Date(absent.last_seen) : at;
        const action: AgentAction = { kind: 'end', callId: absent.call_id };
        await performAgentActionInTransaction(ctx, trx, userId, action, 'system', endedAt);
      });
    }
  }

  /**
   * Of `userIds` (agents whose offer just rang out), those who let the last offers of their
   * Available stint ring out, as many in a row as configured, are set to Tech Issues by the
   * system, which records the count: the softphone says why calls stopped. Each in a
   * transaction holding the agent's lock, checked again under it.
   */
  async function pauseAfterMisses(now: Date, userIds: string[]) {
    const count = timings.pauseAfterMissed;
    if (count === 0 || userIds.length === 0) return;
    for (const userId of await repo.agentsMissingInARow(ctx.db, userIds, count)) {
      await ctx.db.transaction().execute(async (trx) => {
        await lockAgent(trx, userId);
        if ((await repo.agentsMissingInARow(trx, [userId], count)).length === 0) return;
        const action: AgentAction = { kind: 'status', status: 'tech_issues', missedInARow: count };
        await performAgentActionInTransaction(ctx, trx, userId, action, 'system', actionTime(now));
      });
    }
  }

  /**
   * After Call Work that lasted the team's limit ends: the system sets Available (a code the
   * team requires is then left unchosen). Each under the agent's lock, checked again under it.
   */
  async function endOverdueAfterCallWork(now: Date) {
    for (const userId of await repo.overdueAfterCallWork(ctx.db, now)) {
      await ctx.db.transaction().execute(async (trx) => {
        await lockAgent(trx, userId);
        if ((await repo.overdueAfterCallWork(trx, now, [userId])).length === 0) return;
        const action: AgentAction = { kind: 'status', status: 'available' };
        await performAgentActionInTransaction(ctx, trx, userId, action, 'system', actionTime(now));
      });
    }
  }

  /** Every heartbeat: vouch for this process's sockets, prune, and settle absent agents. */
  async function heartbeatIfDue(now: Date) {
    const since = now.getTime() - lastHeartbeat;
    if (since >= 0 && since < timings.heartbeatMs) return; // (a clock set back: beat now)
    lastHeartbeat = now.getTime();
    await hub.heartbeat(now, ctx.db);
    await repo.pruneConnections(ctx.db, ago(now, CONNECTION_RETENTION_MS));
    // A process judges presence once it has run for the grace: after a restart, the agents'
    // sockets need that long to come back to it.
    if (now.getTime() - startedAt < timings.presenceGraceMs) return;
    await settleAbsentAgents(now, ago(now, timings.presenceGraceMs));
  }

  /**
   * One pass: the heartbeat (with absent agents set to Tech Issues), rings that timed out
   * (pausing agents who missed too many in a row) or lost their agent, After Call Work past
   * its team's limit, queues (arrivals, callers giving up, offers), per-agent offers.
   */
  async function tick(now = ctx.clock.now()) {
    await heartbeatIfDue(now);
    const rungOut = await repo.missExpiredRings(ctx.db, now);
    await pauseAfterMisses(now, rungOut);
    await endOverdueAfterCallWork(now);
    const changed = new Set([
      ...rungOut,
      ...(await repo.missAbandonedRings(ctx.db, now, ago(now, timings.disconnectGraceMs))),
    ]);
    // Queue callers first: per-agent offers skip the agents of a team whose callers wait.
    await queues.serve(now);
    for (const userId of await makeOffers(now)) changed.add(userId);
    // Through the engine's own connection, as every statement of the tick.
    await ctx.live.agentChangedIn(ctx.db, ...changed);
  }

  return {
    tick,

    /**
     * A change any process committed: an agent Available with no call is offered a waiting
     * caller at once, while the engine runs, rather than at the next tick.
     */
    heard(change: AgentChange) {
      if (
        change.kind === 'stateCommitted' &&
        change.state.status === 'available' &&
        !change.state.call
      ) {
        queues.agentFree(change.agentId);
      }
    },

    /**
     * At start-up: rings whose deadline passed while no server ran end at their deadline.
     * When no other process is alive (the embedded database always; on PostgreSQL, no
     * heartbeat within the disconnect grace but those of earlier runs under this server's
     * name, which a kill -9 leaves fresh) the agents' sockets died with the previous run:
     * every other ring is missed now and every call in progress ends now, with its duration
     * so far (After Call Work). With the embedded database every earlier connection row goes
     * too. Otherwise other processes may hold the agents' sockets, and the tick's grace rules
     * decide.
     */
    async recover({ soleProcess }: { soleProcess: boolean }) {
      const now = ctx.clock.now();
      const changed = await repo.missExpiredRings(ctx.db, now);
      if (soleProcess) await repo.closeAllConnections(ctx.db);
      // A kill -9 leaves an earlier run's heartbeat fresh for a while: under this name, it is dead.
      await repo.forgetEarlierRuns(ctx.db, instanceName);
      const since = ago(now, timings.disconnectGraceMs);
      if (soleProcess || !(await repo.anyProcessAlive(ctx.db, since))) {
        changed.push(...(await repo.missAbandonedRings(ctx.db, now, later(now, 1))));
        // The sockets' rows went with the run (or name a dead run's opening only): now.
        await settleAbsentAgents(now, later(now, 1), { callsOnly: true, callsEndNow: true });
      }
      await ctx.live.agentChangedIn(ctx.db, ...changed);
    },

    /**
     * Runs `tick` every tickMs (0: never); a slow tick is not overlapped. Failing ticks (the
     * database away) are logged once, and their end once, not four times a second; the live
     * sockets are told when the database goes and comes back.
     */
    start() {
      if (timings.tickMs === 0) return;
      queues.start();
      let failing = false;
      timer = setInterval(() => {
        if (ticking) return;
        ticking = tick()
          .then(() => {
            if (failing) log.info({}, 'call engine: ticking again');
            failing = false;
            hub.databaseReachable(true);
          })
          .catch((error: unknown) => {
            if (!failing) log.error({ err: error }, 'call engine: tick failed (retrying)');
            failing = true;
            if (databaseUnavailable(error)) hub.databaseReachable(false);
          })
          .finally(() => {
            ticking = undefined;
          });
      }, timings.tickMs);
    },

    async stop() {
      clearInterval(timer);
      await queues.stop();
      await ticking;
    },
  };
}

export type CallEngine = ReturnType<typeof createCallEngine>;
