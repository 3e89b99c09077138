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

interface QueueEngineOptions {
  ctx: AppContext;
  /** [0, 1): gaps between arrivals, callers' patience and numbers. */
  random: () => number;
}

/**
 * The call engine's queues: each queue-mode team's callers arrive (Poisson, at its rate), wait
 * first come first served, are offered to the team's Available agent idle longest, and give
 * up past their patience. All of it is rows: a team is served under its row's lock (one
 * process at a time, the others skip it), so a caller is offered to one agent at a time, and
 * whatever a dead process left the next tick finds.
 */
export function createQueueEngine({ ctx, random }: QueueEngineOptions) {
  const timings = ctx.config.callEngine;

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
   * patience, then offers, oldest caller to the agent idle longest. Answers the agents offered;
   * announces a queue changed otherwise.
   */
  function serveTeam(teamId: string, now: Date, freshSince: Date) {
    return ctx.db.transaction().execute(async (trx) => {
      const team = await repo.claimTeamQueue(trx, teamId);
      if (!team) return [];
      let arrived = 0;
      if (team.inbound_mode === 'queue') {
        const { callers, next } = arrivals(teamId, team, now);
        await repo.insertCallers(trx, callers);
        // Most ticks draw nobody: the team's row is written only when its next arrival moves.
        if (next.getTime() !== team.next_caller_at?.getTime()) {
          await repo.setNextCaller(trx, teamId, next);
        }
        arrived = callers.length;
      }
      const abandoned = await repo.abandonImpatientCallers(trx, teamId, now);
      // Offers are announced with their agents, whose team's queue the floor then reads.
      if (arrived + abandoned > 0) await ctx.live.queuesChangedIn(trx, teamId);
      const waiting = await repo.waitingCallers(trx, teamId, now);
      if (waiting.length === 0) return [];
      const candidates = await calls.eligibleAgents(trx, freshSince, { queueTeamId: teamId });
      if (candidates.length === 0) return [];
      const claimed = await calls.claimAgents(
        trx,
        candidates.map((agent) => agent.user_id),
      );
      if (claimed.length === 0) return [];
      // Checked again under their locks, idle longest first; one who became free after `now`
      // (a call ended while the tick ran) waits for the next tick, so calls never overlap.
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
      return calls.insertOffers(trx, offers);
    });
  }

  return {
    /** Every team with queue work, then deleted teams' callers; answers the agents offered. */
    async serve(now: Date, freshSince: Date) {
      const offered: string[] = [];
      for (const teamId of await repo.teamsWithQueueWork(ctx.db, now)) {
        offered.push(...(await serveTeam(teamId, now, freshSince)));
      }
      await repo.abandonImpatientCallers(ctx.db, null, now);
      return offered;
    },
  };
}
