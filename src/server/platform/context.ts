import type { Config } from '../config';
import type { LivePublisher } from '../modules/live/live-hub';
import type { PoolBatches } from '../pool-batches';
import type { Db } from './database';

/** Code that depends on the current time takes a clock, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * What every service needs: the database (or a transaction), configuration, the clock, the
 * live hub to announce an agent's changes to every process, and the group-commit queues on the
 * server's pool.
 */
export interface AppContext {
  db: Db;
  /** Group commit on the server's pool: what is submitted there runs outside `db`'s transaction. */
  batches: PoolBatches;
  config: Config & { sessionSecret: string };
  clock: Clock;
  live: LivePublisher;
}
