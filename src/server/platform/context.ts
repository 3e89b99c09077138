import type { Config } from '../config';
import type { LivePublisher } from '../modules/live/live-hub';
import type { Db } from './database';

/** Code that depends on the current time takes a clock, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * What every service needs: the database (or a transaction), configuration, the clock, and
 * the live hub to announce an agent's changes to every process.
 */
export interface AppContext {
  db: Db;
  config: Config & { sessionSecret: string };
  clock: Clock;
  live: LivePublisher;
}
