import type { Config } from '../config';
import type { Db } from './database';

/** Code that depends on the current time takes a clock, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every service needs: the database (or a transaction), configuration and the clock. */
export interface AppContext {
  db: Db;
  config: Config & { sessionSecret: string };
  clock: Clock;
}
