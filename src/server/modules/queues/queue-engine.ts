import type { AppContext } from '../../platform/context';
import * as calls from '../calls/call-engine.repository';
import { fakeUsNumber } from '../calls/fake-caller';
import * as repo from './queues.repository';

/**
 * Arrivals older than this when a tick gets to them mean no engine ran (the server was down):
 * the schedule restarts from now rather than flooding the queue with callers nobody simulated.
 */
const ARRIVAL_CATCH_UP_MS = 60_000;
/** At most this many arrivals a team per tick: a bound on a tick's work at any rate. */
const MAX_ARRIVALS_PER_TICK = 500;

/** A draw from the exponential distribution with this mean, from `random` in [0, 1). */
export function exponential(random: () => number, mean: number) {
  return -mean * Math.log(1 - random());
}

/** A team's timer for its next arrival is set at most this far ahead (setTimeout's range). */
const MAX_ARRIVAL_TIMER_MS = 60_000;

interface QueueEngineOptions {
  ctx: AppContext;
  /** [0, 1): gaps between arrivals, callers' patience and numbers. */
  random: () => number;
  log: { warn(details: object, message: string): void };
}

/**
 * The call engine's queues: each queue-mode team's callers arrive (Poisson, at its rate), wait
 * first come first served, are offered to the team's Available agent idle longest, and give
 * up past their patience. All of it is rows: a team is served under its row's lock (one
 * process at a time, the others skip it), so a caller is offered to one agent at a time, and
 * whatever a dead process left the next tick finds.
 *
 * Running, the engine does not wait for its tick where it knows work is due: a team is served
 * at its next arrival (a timer), and when one of its agents becomes free with callers waiting
 * (every process hears the change). A team is served by one run at a time in a process; asked
 * again meanwhile, it is served once more after.
 */
export function createQueueEngine({ ctx, random, log }: QueueEngineOptions) {
  const timings = ctx.config.callEngine;
  let isRunning = false;
  const arrivalTimers = new Map<string, NodeJS.Timeout>();
  const serving = new Map<string, { again: boolean; done: Promise<void> }>();
  /** The last tick found queue work: else a free agent costs no query until one does. */
  let hadQueueWork = false;

  /** The team's arrivals up to `now`, from its next drawn arrival; answers the one after. */
  function arrivals(
    teamId: string,
    team: { calls_per_hour: number; patience_seconds: number; next_caller_at: Date | null },
    now: Date,
  ) {
    const gapMs = () => Math.max(1, exponential(random, 3_600_000 / team.calls_per_hour));
    let next = team.next_caller_at?.getTime();
    if (next === undefined || next < now.getTime() - ARRIVAL_CATCH_UP_MS) {
      next = now.getTime() + gapMs();
    }
    const callers = [];
    while (next <= now.getTime() && callers.length < MAX_ARRIVALS_PER_TICK) {
      const patienceMs = exponential(random, team.patience_seconds * 1000);
      callers.push({
        team_id: teamId,
        phone_number: fakeUsNumber(random),
        arrived_at: new Date(next),
        gives_up_at: team.patience_seconds === 0 ? null : new Date(next + patienceMs),
      });
      next += gapMs();
    }
    return { callers, next: new Date(Math.max(next, now.getTime() + 1)) };
  }

  /**
   * One team's queue at `now`, in one transaction under its lock: arrivals, callers out of
   * patience, then offers, oldest caller to the agent idle longest, each announced with its
   * agent (a queue change otherwise). Answers the team's next arrival, if it has queue mode.
   */
  function serveTeam(teamId: string, now: Date) {
    const freshSince = new Date(now.getTime() - timings.disconnectGraceMs);
    return ctx.db.transaction().execute(async (trx) => {
      const team = await repo.claimTeamQueue(trx, teamId);
      if (!team) return undefined;
      let arrived = 0;
      let nextArrival: Date | undefined;
      if (team.inbound_mode === 'queue') {
        const { callers, next } = arrivals(teamId, team, now);
        await repo.insertCallers(trx, callers);
        // Most ticks draw nobody: the team's row is written only when its next arrival moves.
        if (next.getTime() !== team.next_caller_at?.getTime()) {
          await repo.setNextCaller(trx, teamId, next);
        }
        arrived = callers.length;
        nextArrival = next;
      }
      const abandoned = await repo.abandonImpatientCallers(trx, teamId, now);
      // Offers are announced with their agents, whose team's queue the floor then reads.
      if (arrived + abandoned > 0) await ctx.live.queuesChangedIn(trx, teamId);
      const waiting = await repo.waitingCallers(trx, teamId, now);
      if (waiting.length === 0) return nextArrival;
      const candidates = await calls.eligibleAgents(trx, freshSince, { queueTeamId: teamId });
      if (candidates.length === 0) return nextArrival;
      const claimed = await calls.claimAgents(
        trx,
        candidates.map((agent) => agent.user_id),
      );
      if (claimed.length === 0) return nextArrival;
      // Checked again under their locks, idle longest first; one who became free after `now`
      // (a call ended while this ran) waits for the next run, so calls never overlap.
      const agents = (
        await calls.eligibleAgents(trx, freshSince, { userIds: claimed, queueTeamId: teamId })
      ).filter((agent) => agent.basis <= now);
      const offers = agents.slice(0, waiting.length).map((agent, index) => ({
        user_id: agent.user_id,
        caller_id: waiting[index]!.id,
        phone_number: waiting[index]!.phone_number,
        time_received: now,
        ring_deadline: new Date(now.getTime() + timings.ringMs),
      }));
      await ctx.live.agentChangedIn(trx, ...(await calls.insertOffers(trx, offers)));
      return nextArrival;
    });
  }

  /** While running, the team is served again at its next arrival. */
  function armArrival(teamId: string, at: Date) {
    clearTimeout(arrivalTimers.get(teamId));
    const delay = Math.min(
      MAX_ARRIVAL_TIMER_MS,
      Math.max(0, at.getTime() - ctx.clock.now().getTime()),
    );
    const timer = setTimeout(() => {
      arrivalTimers.delete(teamId);
      serveSoon(teamId).catch((error: unknown) => {
        log.warn({ err: error, teamId }, 'queues: serving a team failed (its tick tries again)');
      });
    }, Math.ceil(delay));
    arrivalTimers.set(teamId, timer);
  }

  /** The team served at `now` (else the clock's), after a run of it in progress if any. */
  function serveSoon(teamId: string, now?: Date): Promise<void> {
    const running = serving.get(teamId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        let at = now ?? ctx.clock.now();
        do {
          entry.again = false;
          const nextArrival = await serveTeam(teamId, at);
          if (isRunning && nextArrival) armArrival(teamId, nextArrival);
          at = ctx.clock.now();
        } while (entry.again);
      } finally {
        serving.delete(teamId);
      }
    })();
    serving.set(teamId, entry);
    return entry.done;
  }

  return {
    /** Every team with queue work, then deleted teams' callers. */
    async serve(now: Date) {
      const teamIds = await repo.teamsWithQueueWork(ctx.db, now);
      hadQueueWork = teamIds.length > 0;
      for (const teamId of teamIds) await serveSoon(teamId, now);
      await repo.abandonImpatientCallers(ctx.db, null, now);
    },

    /** An agent became free (any process's change): their teams with callers waiting, now. */
    agentFree(userId: string) {
      // A queue-mode team always has its arrival timer set.
      if (!isRunning || (!hadQueueWork && arrivalTimers.size === 0)) return;
      void (async () => {
        for (const teamId of await repo.teamsWithCallersWaitingFor(ctx.db, userId)) {
          if (isRunning) await serveSoon(teamId);
        }
      })().catch((error: unknown) => {
        log.warn({ err: error, userId }, 'queues: serving a free agent failed (the tick will)');
      });
    },

    /** Timers and nudges on (the call engine's start); off again, runs in flight finished. */
    start() {
      isRunning = true;
    },
    async stop() {
      isRunning = false;
      for (const timer of arrivalTimers.values()) clearTimeout(timer);
      arrivalTimers.clear();
      await Promise.allSettled([...serving.values()].map((entry) => entry.done));
    },
  };
}
