import { type AddressInfo, createServer } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { caselessKey } from '../../shared/caseless-key';
import { createAdmin } from '../modules/admins/admins.service';
import { newAdmin, newTeam } from '../test/factories';
import { postSignIn } from '../test/sign-in';
import { createTestApp } from '../test/test-app';
import { databaseUnavailable, openDatabase } from './database';
import { AppError, registerErrorHandling, toConflict } from './errors';

const t = await createTestApp();

describe('unique violations (23505) become 409 conflicts', () => {
  it("maps a duplicate username to 'Username already exists' and a duplicate team name to 'Team name already exists' over HTTP", async () => {
    const existing = await newAdmin(t.db);
    const team = await newTeam(t.db);
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/duplicate-user', async () => {
      await t.db
        .insertInto('users')
        .values({
          username: existing.username.toUpperCase(),
          username_key: caselessKey(existing.username.toUpperCase()),
          password_hash: 'x',
          role: 'employee',
        })
        .execute();
    });
    app.post('/duplicate-team', async () => {
      await t.db
        .insertInto('teams')
        .values({
          name: team.name.toUpperCase(),
          name_key: caselessKey(team.name.toUpperCase()),
        })
        .execute();
    });

    const user = await app.inject({ method: 'POST', url: '/duplicate-user' });
    expect(user.statusCode).toBe(409);
    expect(user.json()).toEqual({
      error: { code: 'USERNAME_TAKEN', message: 'Username already exists', field: 'username' },
    });
    const teamResponse = await app.inject({ method: 'POST', url: '/duplicate-team' });
    expect(teamResponse.statusCode).toBe(409);
    expect(teamResponse.json()).toEqual({
      error: { code: 'TEAM_NAME_TAKEN', message: 'Team name already exists', field: 'name' },
    });
    await app.close();
  });

  it('createAdmin refuses a taken username, whatever its case', async () => {
    const existing = await newAdmin(t.db);
    const attempt = createAdmin(
      t.db,
      {
        username: existing.username.toUpperCase(),
        password: 'secret1',
        isSuperAdmin: false,
        security: null,
      },
      { actor: null, ip: null, at: new Date() },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'USERNAME_TAKEN', statusCode: 409 });
  });

  it('leaves other database errors alone', () => {
    const other = Object.assign(new Error('boom'), { code: '23503' });
    expect(toConflict(other)).toBe(other);
  });
});

describe('error bodies', () => {
  it('hides internals of unexpected failures behind a 500 with the generic message', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/explode', async () => {
      await sql`SELECT * FROM no_such_table`.execute(t.db);
    });
    const response = await app.inject({ method: 'GET', url: '/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'An unexpected error occurred' },
    });
    expect(response.body).not.toMatch(/no_such_table|stack|at /);
    await app.close();
  });

  it('answers 503 with a clear message, at once, when the database cannot be reached', async () => {
    // Nothing listens on port 1: the connection is refused, as when PostgreSQL is stopped.
    const down = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/switchboard' });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/read', async () => {
      await sql`SELECT 1`.execute(down.db);
    });
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/read' });
    expect(performance.now() - started).toBeLessThan(4000);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database cannot be reached right now. Please try again in a moment.',
        retryAfterSeconds: 5,
      },
    });
    await app.close();
    await down.close();
  });

  it('answers 503 when the database server accepts but never answers, after the connect timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hung = await openDatabase({
      url: `postgres://postgres@127.0.0.1:${port}/switchboard`,
      connectTimeoutMs: 300,
    });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/read', async () => {
      await sql`SELECT 1`.execute(hung.db);
    });
    const response = await app.inject({ method: 'GET', url: '/read' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('DATABASE_UNAVAILABLE');
    await app.close();
    await hung.close();
    silent.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    'lets a request wait for a busy pool’s next connection past the connect timeout',
    async () => {
      // The timeout leaves room to open ten connections at once on a busy machine (a short one
      // can run out with CI's fault tests beside the suite); the wait is past it either way.
      const busy = await openDatabase({ url: process.env.DATABASE_URL!, connectTimeoutMs: 2000 });
      // Eleven at once on a pool of ten: the last waits ~2.5 s for a connection, and gets it.
      const sleeps = Array.from({ length: 11 }, () =>
        sql<{ ok: number }>`SELECT 1 AS ok FROM pg_sleep(2.5)`.execute(busy.db),
      );
      const results = await Promise.all(sleeps);
      expect(results.map((result) => result.rows[0]?.ok)).toEqual(Array(11).fill(1));
      await busy.close();
    },
  );

  it('tells an unreachable database from a failed query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(databaseUnavailable(refused)).toBe(true);
    expect(databaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('lost'), { code: '08006' }))).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnavailable(new Error('timeout expired'))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(databaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });

  it('gives AppErrors their status, code and retry hint', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/limited', async () => {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: 42 });
    });
    const response = await app.inject({ method: 'GET', url: '/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('42');
    expect(response.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 42 });
    await app.close();
  });

  it("answers 'An error occurred during sign in' when the database fails mid sign-in", async () => {
    const admin = await newAdmin(t.db);
    await sql`ALTER TABLE auth_sessions RENAME TO auth_sessions_away`.execute(t.db);
    try {
      const response = await postSignIn(t, admin.username);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'SIGN_IN_ERROR', message: 'An error occurred during sign in' },
      });
    } finally {
      await sql`ALTER TABLE auth_sessions_away RENAME TO auth_sessions`.execute(t.db);
    }
  });
});
