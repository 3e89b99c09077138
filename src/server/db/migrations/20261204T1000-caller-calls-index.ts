import { type Kysely, sql } from 'kysely';

/**
 * A caller's calls, whatever their outcome: the queue engine asks, for each waiting caller,
 * whether a ring is open or ended after the tick's moment, and when the last one ended. The
 * partial unique index covers ringing and answered calls only, so without this each of those
 * questions read every call log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX call_logs_caller_idx ON call_logs (caller_id, ended_at)
    WHERE caller_id IS NOT NULL`.execute(db);
}
