import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { DEFAULT_PASSWORD, newAdmin, newEmployee, newTeam } from '../../test/factories';
import { roleNames, signInEveryRole } from '../../test/roles';
import { postSignIn, signInAs } from '../../test/sign-in';

const t = await createTestApp();
/** Behind one TLS-terminating proxy. */
const behindHttps = await createTestApp({ trustProxy: 1 });
const fewRequestsPerAddress = await createTestApp({
  rateLimits: { ...t.config.rateLimits, authRequestsPerAddress: 3 },
});
const fewFailuresPerAddress = await createTestApp({
  rateLimits: { ...t.config.rateLimits, failuresPerAddress: 3 },
});

/** The user's session rows. */
function sessionsOf(userId: string) {
  return t.db.selectFrom('auth_sessions').select('id').where('user_id', '=', userId).execute();
}

function me(cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
}

describe('sign-in', () => {
  it('signs an admin in with an httpOnly, SameSite=Lax session cookie and returns the session user', async () => {
    const team = await newTeam(t.db, { name: 'Night Shift' });
    const admin = await newAdmin(t.db, { team_id: team.id });
    const response = await postSignIn(t, admin.username, DEFAULT_PASSWORD);

    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'switchboard_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeUndefined();
    expect(response.json()).toEqual({
      user: {
        id: admin.id,
        email: null,
        username: admin.username,
        role: 'admin',
        is_super_admin: false,
        team: { id: team.id, name: 'Night Shift' },
        is_team_leader: false,
        created_at: admin.created_at.toISOString(),
        updated_at: admin.updated_at.toISOString(),
      },
    });
    expect(response.body).not.toMatch(/hash|argon/i);
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const employee = await newEmployee(behindHttps.db);
    const response = await postSignIn(behindHttps, employee.username, DEFAULT_PASSWORD, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies[0]?.secure).toBe(true);
  });

  it('matches the username case-insensitively and signs employees in too', async () => {
    const employee = await newEmployee(t.db, { username: 'Agent.Smith' });
    const response = await postSignIn(t, 'agent.smith', DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: employee.id, role: 'employee' });
  });

  it('gives the same answer for an unknown user and a wrong password, and records both', async () => {
    const admin = await newAdmin(t.db);
    const wrongPassword = await postSignIn(t, admin.username, 'not-the-password');
    const unknownUser = await postSignIn(t, 'nobody_here', DEFAULT_PASSWORD);

    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' },
      });
      expect(response.cookies).toHaveLength(0);
    }
    const failures = await t.db
      .selectFrom('audit_log')
      .select(['target_name', 'target_id'])
      .where('action', '=', 'auth.sign_in_failed')
      .where('target_name', 'in', [admin.username, 'nobody_here'])
      .execute();
    expect(failures).toEqual(
      expect.arrayContaining([
        { target_name: admin.username, target_id: admin.id },
        { target_name: 'nobody_here', target_id: null },
      ]),
    );
  });

  it('records a successful sign-in in the audit log with the address', async () => {
    const admin = await newAdmin(t.db);
    await postSignIn(t, admin.username, DEFAULT_PASSWORD);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.sign_in')
      .where('actor_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_name: admin.username,
      target_id: admin.id,
      ip: '127.0.0.1',
    });
  });

  it('rejects a blank username or password with the field named', async () => {
    const response = await postSignIn(t, '   ', 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Username and password are required',
      field: 'username',
    });
  });

  it('allows 10 failed sign-ins per username in 15 minutes, then answers 429 until the window passes', async () => {
    const admin = await newAdmin(t.db);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await postSignIn(t, admin.username.toUpperCase(), 'wrong-password')).statusCode).toBe(
        401,
      );
      t.clock.advance(1000);
    }
    const limited = await postSignIn(t, admin.username, DEFAULT_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another username is not affected.
    const other = await newAdmin(t.db);
    expect((await postSignIn(t, other.username, DEFAULT_PASSWORD)).statusCode).toBe(200);

    t.clock.advanceMinutes(15);
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('evaluates exactly 10 wrong guesses in all, even when they arrive at once', async () => {
    const admin = await newAdmin(t.db);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postSignIn(t, admin.username, `wrong-${i}`)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    let evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeLessThanOrEqual(10);

    // Guesses refused during the burst did not count: the rest of the allowance is still there.
    for (
      let response = await postSignIn(t, admin.username, 'wrong-again');
      response.statusCode === 401;
    ) {
      evaluated++;
      response = await postSignIn(t, admin.username, 'wrong-again');
    }
    expect(evaluated).toBe(10);
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it('forgets earlier failures once the user signs in', async () => {
    const admin = await newAdmin(t.db);
    for (let attempt = 0; attempt < 9; attempt++)
      await postSignIn(t, admin.username, 'wrong-password');
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await postSignIn(t, admin.username, 'one-typo')).statusCode).toBe(401);
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('limits failed attempts per address, across usernames', async () => {
    const attempt = (username: string) => postSignIn(fewFailuresPerAddress, username, 'whatever');
    for (const name of ['one', 'two', 'three']) expect((await attempt(name)).statusCode).toBe(401);
    const limited = await attempt('four');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many failed attempts from this address\. Try again in \d+ minutes?\.$/,
    );
  });

  it('limits sign-in requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await postSignIn(fewRequestsPerAddress, `someone${i}`, 'whatever');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('RATE_LIMITED');
        expect(response.json().error.message).toMatch(
          /^Too many requests from this address\. Try again in /,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers 401 without a session', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'NOT_SIGNED_IN',
      message: 'User not authenticated',
    });
  });

  it('requests arriving together (their sessions looked up in one statement) each get their own user', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => newEmployee(t.db)));
    const cookies: string[] = [];
    for (const user of users) {
      cookies.push((await signInAs(t, user)).cookie);
    }
    const answers = await Promise.all([
      ...cookies.map((cookie) => me(cookie)),
      me('switchboard_session=not-a-session'),
      me(cookies[0]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([...users.map(() => 200), 401, 200]);
    expect(answers.map((answer) => answer.json().user?.username)).toEqual([
      ...users.map((user) => user.username),
      undefined,
      users[0]!.username,
    ]);
  });

  it('marks a session seen again only once it has gone unused for five minutes', async () => {
    const user = await newEmployee(t.db);
    const cookie = (await signInAs(t, user)).cookie;
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('auth_sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const signedInAt = t.clock.now();
    t.clock.advanceMinutes(5);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(signedInAt);
    t.clock.advance(1);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(t.clock.now());
  });

  it('sessions used together after five minutes are each marked seen (in one statement or a few)', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => newEmployee(t.db)));
    const cookies: string[] = [];
    for (const user of users) {
      cookies.push((await signInAs(t, user)).cookie);
    }
    t.clock.advanceMinutes(6);
    // One session twice: touched once, at the same time.
    const answers = await Promise.all([...cookies, cookies[0]].map((cookie) => me(cookie)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const seen = await t.db
      .selectFrom('auth_sessions')
      .select('last_seen_at')
      .where(
        'user_id',
        'in',
        users.map((user) => user.id),
      )
      .execute();
    expect(seen.map((row) => row.last_seen_at)).toEqual(users.map(() => t.clock.now()));
  });

  it('keeps a session alive while it is used and expires it after 12 idle hours', async () => {
    const admin = await newAdmin(t.db);
    const cookie = (await signInAs(t, admin)).cookie;

    t.clock.advanceMinutes(11 * 60);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advanceMinutes(11 * 60);
    expect((await me(cookie)).statusCode).toBe(200);

    t.clock.advanceMinutes(12 * 60 + 1);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionsOf(admin.id)).toHaveLength(0);
  });

  it('prunes a user’s expired sessions when they next sign in', async () => {
    const admin = await newAdmin(t.db);
    await postSignIn(t, admin.username, DEFAULT_PASSWORD);
    t.clock.advanceMinutes(13 * 60);
    await postSignIn(t, admin.username, DEFAULT_PASSWORD);
    const sessions = await t.db
      .selectFrom('auth_sessions')
      .select('created_at')
      .where('user_id', '=', admin.id)
      .execute();
    expect(sessions).toEqual([{ created_at: t.clock.now() }]);
  });

  it('stores only a hash of the token', async () => {
    const admin = await newAdmin(t.db);
    const response = await postSignIn(t, admin.username, DEFAULT_PASSWORD);
    const token = response.cookies[0]!.value;
    const stored = await t.db
      .selectFrom('auth_sessions')
      .select('token_hash')
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sign-out revokes the session, other sessions stay', async () => {
    const admin = await newAdmin(t.db);
    const first = (await signInAs(t, admin)).cookie;
    const second = (await signInAs(t, admin)).cookie;

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: first },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(out.cookies[0]).toMatchObject({ name: 'switchboard_session', value: '' });

    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('sign-out without a session is 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(response.statusCode).toBe(401);
  });

  it('an invented token is not a session', async () => {
    expect((await me('switchboard_session=made-up-token')).statusCode).toBe(401);
  });
});

describe('GET /api/auth/session (what pages ask on load)', () => {
  function session(cookie?: string, url = '/api/auth/session') {
    return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  }

  it('answers 200 with no user to a visitor without a session, and sets no cookie', async () => {
    const response = await session();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers each role with their own user, as /api/auth/me does', async () => {
    const world = await signInEveryRole(t);
    for (const role of roleNames) {
      const cookie = world.cookies[role];
      const response = await session(cookie);
      expect(response.statusCode, role).toBe(200);
      if (role === 'anonymous') {
        expect(response.json(), role).toEqual({ user: null });
        continue;
      }
      const user = world.users[role];
      expect(response.json().user, role).toMatchObject({
        id: user.id,
        username: user.username,
        role: user.role,
        is_super_admin: user.is_super_admin,
      });
      expect(response.json(), role).toEqual((await me(cookie)).json());
    }
  });

  it('answers no user once the session has expired, as /api/auth/me answers 401', async () => {
    const admin = await newAdmin(t.db);
    const cookie = (await signInAs(t, admin)).cookie;
    t.clock.advanceMinutes(12 * 60 + 1);

    const response = await session(cookie);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    // The lookup ended the session; the cookie is left as /api/auth/me leaves it.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionsOf(admin.id)).toHaveLength(0);
  });

  it('answers no user for a session that was signed out, or a token that never was one', async () => {
    const employee = await newEmployee(t.db);
    const signedIn = await signInAs(t, employee);
    expect((await signedIn.as('POST', '/api/auth/sign-out')).statusCode).toBe(200);

    for (const cookie of [signedIn.cookie, 'switchboard_session=made-up-token']) {
      const response = await session(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
    }
  });

  it('refuses a query string PostgreSQL could not store, as every route does (its 400)', async () => {
    const response = await session(undefined, '/api/auth/session?from=%00');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
