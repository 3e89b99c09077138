import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/audit';
import { signedInAgent } from '../../test/agent';
import {
  DEFAULT_PASSWORD,
  joinTeam,
  newAdmin,
  newEmployee,
  newSuperAdmin,
  newTeam,
} from '../../test/factories';
import { type SignedIn, postSignIn, signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { SESSION_COOKIE } from '../auth/sessions';

const t = await createTestApp();

/** The signed-in user's sessions as GET /api/me/sessions lists them. */
async function mySessions(as: SignedIn['as']) {
  const response = await as('GET', '/api/me/sessions');
  return response.json<{ sessions: { id: string; current: boolean; ip: string }[] }>().sessions;
}

describe('profile', () => {
  it('shows and sets an employee’s full name; an empty one clears it', async () => {
    const team = await newTeam(t.db, { name: 'Day Desk' });
    const agent = await newEmployee(t.db, { username: 'profile_agent' });
    await joinTeam(t.db, team, agent);
    const as = (await signInAs(t, 'profile_agent')).as;

    expect((await as('GET', '/api/me/profile')).json()).toEqual({
      profile: {
        username: 'profile_agent',
        role: 'employee',
        team: { id: team.id, name: 'Day Desk' },
        full_name: null,
      },
    });
    const saved = await as('PATCH', '/api/me/profile', { fullName: '  Ada Lovelace ' });
    expect(saved.json().profile.full_name).toBe('Ada Lovelace');
    expect(
      (await as('PATCH', '/api/me/profile', { fullName: '' })).json().profile.full_name,
    ).toBeNull();
    const tooLong = await as('PATCH', '/api/me/profile', { fullName: 'x'.repeat(101) });
    expect(tooLong.json().error.message).toBe('fullName: Full name must be at most 100 characters');
  });

  it('admins have no full name to set', async () => {
    const admin = await newAdmin(t.db);
    const as = (await signInAs(t, admin)).as;
    expect((await as('GET', '/api/me/profile')).json().profile).toMatchObject({
      role: 'admin',
      full_name: null,
    });
    expect((await as('PATCH', '/api/me/profile', { fullName: 'Boss' })).statusCode).toBe(403);
  });
});

describe('changing your own password', () => {
  it('needs the current password and a valid new one', async () => {
    const agent = await newEmployee(t.db);
    const as = (await signInAs(t, agent)).as;
    const wrong = await as('POST', '/api/me/password', {
      currentPassword: 'not-it',
      password: 'new-password',
      confirmPassword: 'new-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Current password is incorrect',
      field: 'currentPassword',
    });
    const mismatch = await as('POST', '/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'new-password',
      confirmPassword: 'other-password',
    });
    expect(mismatch.json().error.message).toBe('Passwords do not match');
    const short = await as('POST', '/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.json().error.message).toBe('Password must be at least 6 characters');
    const same = await as('POST', '/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: DEFAULT_PASSWORD,
      confirmPassword: DEFAULT_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      message: 'The new password must differ from the current one',
      field: 'password',
    });
  });

  it('keeps this session, ends the others, and the new password works', async () => {
    const agent = await newEmployee(t.db);
    const other = (await signInAs(t, agent)).cookie;
    const as = (await signInAs(t, agent)).as;
    const changed = await as('POST', '/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'changed-pass',
      confirmPassword: 'changed-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect((await as('GET', '/api/auth/me')).statusCode).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: other },
    });
    expect(otherMe.statusCode).toBe(401);
    expect((await postSignIn(t, agent.username)).statusCode).toBe(401);
    expect((await postSignIn(t, agent.username, 'changed-pass')).statusCode).toBe(200);
  });
});

describe('the current-password check', () => {
  const LIMIT = 5; // RATE_LIMIT_PASSWORD_FAILURES' default, as the test app has it
  const change = (as: SignedIn['as'], currentPassword: string) =>
    as('POST', '/api/me/password', {
      currentPassword,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });

  async function guessWrong(as: SignedIn['as'], times: number) {
    for (let guess = 1; guess <= times; guess++) {
      const wrong = await change(as, `wrong-${guess}`);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
      t.clock.advance(1000);
    }
  }

  it(`allows ${LIMIT} wrong guesses per user in 15 minutes, then answers 429 even to the right one until the window passes`, async () => {
    const agent = await newEmployee(t.db);
    const { as } = await signInAs(t, agent);
    await guessWrong(as, LIMIT);

    const limited = await change(as, DEFAULT_PASSWORD);
    expect(limited.statusCode).toBe(429);
    // As sign-in's limit answers.
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many wrong current passwords\. Try again in \d+ minutes?\.$/,
      ) as string,
      retryAfterSeconds: Number(limited.headers['retry-after']),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // A counter of its own: signing in still works, and other users are not limited.
    expect((await postSignIn(t, agent.username)).statusCode).toBe(200);
    const other = await signInAs(t, await newEmployee(t.db));
    expect((await change(other.as, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await change(as, DEFAULT_PASSWORD)).statusCode).toBe(429);

    t.clock.advanceMinutes(15);
    expect((await change(as, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it(`evaluates exactly ${LIMIT} wrong guesses in all, even when they arrive at once`, async () => {
    const agent = await newEmployee(t.db);
    const { as } = await signInAs(t, agent);
    const burst = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, i) => change(as, `wrong-${i}`)),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    let evaluated = statuses.filter((status) => status === 400).length;
    expect(evaluated).toBeLessThanOrEqual(LIMIT);

    // Guesses refused during the burst did not count: the rest of the allowance is still there.
    for (let response = await change(as, 'wrong-again'); response.statusCode === 400;) {
      evaluated++;
      response = await change(as, 'wrong-again');
    }
    expect(evaluated).toBe(LIMIT);
    expect((await change(as, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it('audits each wrong guess, for the audit log', async () => {
    const agent = await newEmployee(t.db);
    const { as } = await signInAs(t, agent);
    await guessWrong(as, 2);
    const { as: asSuper } = await signInAs(t, await newSuperAdmin(t.db));
    const { entries } = (
      await asSuper('GET', `/api/audit?search=${encodeURIComponent(agent.username)}`)
    ).json<{ entries: AuditEntry[] }>();
    expect(entries.filter((entry) => entry.action === 'auth.current_password_failed')).toEqual(
      Array.from({ length: 2 }, () =>
        expect.objectContaining({
          actor_id: agent.id,
          actor_name: agent.username,
          target_type: 'user',
          target_id: agent.id,
          target_name: agent.username,
          ip: '127.0.0.1',
        }),
      ),
    );
  });

  it('starts counting afresh after the right one, as sign-in does', async () => {
    const agent = await newEmployee(t.db);
    const { as } = await signInAs(t, agent);
    await guessWrong(as, LIMIT - 1);
    expect((await change(as, DEFAULT_PASSWORD)).statusCode).toBe(200);

    const again = (currentPassword: string) =>
      as('POST', '/api/me/password', {
        currentPassword,
        password: 'newer-pass',
        confirmPassword: 'newer-pass',
      });
    for (let guess = 1; guess <= LIMIT; guess++) {
      expect((await again(`wrong-${guess}`)).statusCode).toBe(400);
    }
    expect((await again('brand-new-pass')).statusCode).toBe(429);
  });
});

describe('your sessions', () => {
  it('lists them with the current one marked, and ends another', async () => {
    const agent = await newEmployee(t.db);
    const other = (await signInAs(t, agent)).cookie;
    const as = (await signInAs(t, agent)).as;
    const sessions = await mySessions(as);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]?.ip).toBe('127.0.0.1');

    const otherId = sessions.find((s) => !s.current)!.id;
    expect((await as('DELETE', `/api/me/sessions/${otherId}`)).statusCode).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: other },
    });
    expect(otherMe.statusCode).toBe(401);
    expect((await as('DELETE', `/api/me/sessions/${otherId}`)).statusCode).toBe(404);
  });

  it("ends an employee's current session only as a sign-out: from Gone Home, ending the day's session", async () => {
    const { agent, as, setStatus, state, connect } = await signedInAgent(t);
    expect((await setStatus('available')).statusCode).toBe(200);
    const live = await connect();
    const sessions = await mySessions(as);
    const currentId = sessions.find((s) => s.current)!.id;
    const daySession = () =>
      t.db
        .selectFrom('employee_sessions')
        .select('session_end')
        .where('user_id', '=', agent.id)
        .executeTakeFirstOrThrow();

    const refused = await as('DELETE', `/api/me/sessions/${currentId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'SIGN_OUT_NOT_GONE_HOME',
      message: 'Set status to Gone Home to sign out',
    });
    expect((await as('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await state()).status).toBe('available');
    expect(await daySession()).toEqual({ session_end: null });

    expect((await setStatus('gone_home')).statusCode).toBe(200);
    const ended = await as('DELETE', `/api/me/sessions/${currentId}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await as('GET', '/api/auth/me')).statusCode).toBe(401);
    expect(await daySession()).toEqual({ session_end: t.clock.now() });
    // As after a sign-out, the softphone's socket closes at the next heartbeat (the floor is told).
    t.clock.advance(t.config.callEngine.heartbeatMs);
    await t.app.callEngine.tick();
    expect((await live.closed).code).toBe(4401);
  });

  it("ends an employee's other session whatever their status", async () => {
    const { agent, as, setStatus } = await signedInAgent(t);
    const other = (await signInAs(t, agent)).cookie;
    expect((await setStatus('available')).statusCode).toBe(200);
    const sessions = await mySessions(as);
    const otherId = sessions.find((s) => !s.current)!.id;
    expect((await as('DELETE', `/api/me/sessions/${otherId}`)).statusCode).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: other },
    });
    expect(otherMe.statusCode).toBe(401);
    expect((await as('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it("cannot end someone else's session", async () => {
    const victim = await newEmployee(t.db);
    await signInAs(t, victim);
    const victimSession = await t.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', victim.id)
      .executeTakeFirstOrThrow();
    const attacker = await newEmployee(t.db);
    const as = (await signInAs(t, attacker)).as;
    expect((await as('DELETE', `/api/me/sessions/${victimSession.id}`)).statusCode).toBe(404);
    const still = await t.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('id', '=', victimSession.id)
      .execute();
    expect(still).toHaveLength(1);
  });
});

describe('signing out your other sessions', () => {
  const meWith = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  it.each([
    ['an employee', newEmployee],
    ['an admin', newAdmin],
    ['a super admin', newSuperAdmin],
  ] as const)('ends every other session of %s and keeps this one', async (_who, newUser) => {
    const user = await newUser(t.db);
    const others = [(await signInAs(t, user)).cookie, (await signInAs(t, user)).cookie];
    const bystander = await newEmployee(t.db);
    const bystanderCookie = (await signInAs(t, bystander)).cookie;
    const as = (await signInAs(t, user)).as;

    const ended = await as('DELETE', '/api/me/sessions');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });

    for (const cookie of others) expect((await meWith(cookie)).statusCode).toBe(401);
    expect((await as('GET', '/api/auth/me')).statusCode).toBe(200);
    const { sessions } = (await as('GET', '/api/me/sessions')).json<{
      sessions: { current: boolean }[];
    }>();
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);
    // Someone else's sessions are not yours to end.
    expect((await meWith(bystanderCookie)).statusCode).toBe(200);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_name', 'target_type'])
      .where('action', '=', 'auth.session_revoked')
      .where('actor_id', '=', user.id)
      .execute();
    expect(audit).toEqual([
      { actor_name: user.username, target_type: 'session' },
      { actor_name: user.username, target_type: 'session' },
    ]);
  });

  it('ends none when there are no others', async () => {
    const agent = await newEmployee(t.db);
    const as = (await signInAs(t, agent)).as;
    const ended = await as('DELETE', '/api/me/sessions');
    expect(ended.json()).toEqual({ ended: 0 });
    expect((await as('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/me/sessions' });
    expect(response.statusCode).toBe(401);
  });
});
