import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

describe('the database connection', () => {
  it.runIf(process.env.DATABASE_URL)(
    'survives PostgreSQL dropping idle pooled connections, and the next request works',
    async () => {
      // Several pooled connections, idle afterwards.
      await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(t.db)));
      // From a separate connection, end every other connection to this database — what a
      // server restart or failover does to an idle pool.
      await sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
      `.execute(t.db);
      await new Promise((resolve) => setTimeout(resolve, 200));

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'the call engine ticks while every request connection is busy (it has one of its own)',
    async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held: Promise<void>[] = [];
      let holding = 0;
      // Fill the request pool (10): each transaction keeps its connection until the gate opens.
      for (let i = 0; i < 10; i++) {
        held.push(
          t.db.transaction().execute(async (trx) => {
            await sql`SELECT 1`.execute(trx);
            holding++;
            await gate;
          }),
        );
      }
      await expect.poll(() => holding).toBe(10);
      try {
        const outcome = await Promise.race([
          t.app.callEngine.tick().then(() => 'ticked'),
          new Promise((resolve) => setTimeout(() => resolve('stuck behind the pool'), 3000)),
        ]);
        expect(outcome).toBe('ticked');
      } finally {
        release();
        await Promise.all(held);
      }
    },
  );

  it('answers health with the database it uses', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
});
