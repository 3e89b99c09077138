import type { DatabaseHandle } from './platform/database';
import { batchesOn } from './platform/batches';
import { sessionLookupStatement, sessionTouchStatement } from './modules/auth/auth.repository';
import { agentActionStatement, agentStateStatement } from './modules/presence/presence.repository';

/**
 * Group commit on the server's pool for the statements many requests run at once: an idle
 * server runs each item alone, a busy one many per statement and transaction. Code that has a
 * transaction of its own runs the statement alone in it (`runAlone`) instead.
 *
 * On PostgreSQL two batches in flight, the second only once 16 items wait (a few items waiting
 * for the batch ahead go together, rather than each paying a statement's fixed cost); on PGlite
 * one, as its one connection runs one statement at a time anyway. Session lookups, short reads,
 * go one batch at a time: fewer, larger batches.
 */
export function createPoolBatches(database: Pick<DatabaseHandle, 'db' | 'kind'>) {
  const concurrency = database.kind === 'pglite' ? 1 : 2;
  const overlapAt = 16;
  return {
    agentActions: batchesOn(database.db, agentActionStatement, { concurrency, overlapAt }),
    agentStateReads: batchesOn(database.db, agentStateStatement, { concurrency, overlapAt }),
    sessionLookups: batchesOn(database.db, sessionLookupStatement, { concurrency: 1 }),
    sessionTouches: batchesOn(database.db, sessionTouchStatement, { concurrency, overlapAt }),
  };
}

export type PoolBatches = ReturnType<typeof createPoolBatches>;
