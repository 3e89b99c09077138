import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newEmployee } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { executePrepared } from './database';

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

  it.runIf(process.env.DATABASE_URL)(
    "compiles no statement with JIT, on the request pool and the call engine's connection",
    async () => {
      for (const db of [t.db, t.database.engineDb]) {
        const { rows } = await sql<{ jit: string }>`SHOW jit`.execute(db);
        expect(rows).toEqual([{ jit: 'off' }]);
      }
    },
  );

  it('runs a statement marked prepared with its results, as a named statement on PostgreSQL only', async () => {
    const agent = await newEmployee(t.db);
    const byId = (id: string) =>
      t.db.selectFrom('users').select(['id', 'username']).where('id', '=', id).compile();
    const unmarked = sql<{ n: number }>`SELECT ${'unmarked'}::text AS n`.compile(t.db);
    const named = await t.db.transaction().execute(async (trx) => {
      // Twice on one connection: parsed once, then only bound and run.
      for (let i = 0; i < 2; i++) {
        const { rows } = await executePrepared(trx, byId(agent.id));
        expect(rows).toEqual([{ id: agent.id, username: agent.username }]);
      }
      await trx.executeQuery(unmarked);
      const { rows } = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements
      `.execute(trx);
      return rows;
    });
    if (process.env.DATABASE_URL) {
      // The pooled connection may hold other prepared statements of earlier requests.
      expect(named).toContainEqual({
        name: expect.stringMatching(/^switchboard_[0-9a-f]{20}$/),
        statement: byId('').sql,
      });
      expect(named.map((row) => row.statement)).not.toContain(unmarked.sql);
    } else {
      expect(named).toEqual([]);
    }
  });

  it('answers health with the database it uses', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it("answers the server's clock alone, without the database", async () => {
    t.clock.set('2026-12-03T09:00:00.250Z');
    const clock = await t.app.inject({ method: 'GET', url: '/api/clock' });
    expect(clock.json()).toEqual({ serverNow: '2026-12-03T09:00:00.250Z' });
    expect(clock.headers['cache-control']).toBe('no-store');
  });
});
