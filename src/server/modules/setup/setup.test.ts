import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();
/** A second empty database, for first runs that race. */
const racing = await createTestApp();

const validAccount = {
  username: 'founder',
  password: 'founder-pass',
  confirmPassword: 'founder-pass',
  securityQuestion: 'What is your favorite book?',
  securityAnswer: 'Dune',
};

const status = async () => (await t.app.inject({ method: 'GET', url: '/api/setup' })).json();
const setup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/setup', payload });

describe('first run', () => {
  it.each([
    [{ ...validAccount, username: '  ' }, 'All fields are required'],
    [{ ...validAccount, securityAnswer: undefined }, 'All fields are required'],
    [{ ...validAccount, securityQuestion: 'Who are you?' }, 'All fields are required'],
    [{ ...validAccount, confirmPassword: 'other-pass' }, 'Passwords do not match'],
    [
      { ...validAccount, password: 'abc', confirmPassword: 'abc' },
      'Password must be at least 6 characters',
    ],
  ])('refuses %o with %s', async (payload, message) => {
    const response = await setup(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await status()).toEqual({ needed: true });
  });

  it('creates exactly one super admin when several first runs race', async () => {
    const responses = await Promise.all(
      ['first', 'second', 'third', 'fourth'].map((username) =>
        racing.app.inject({
          method: 'POST',
          url: '/api/setup',
          payload: { ...validAccount, username },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403]);
    const admins = await racing.db.selectFrom('users').select('username').execute();
    expect(admins).toHaveLength(1);
  });

  it('creates the super admin once, signs them in, then refuses with 403', async () => {
    expect(await status()).toEqual({ needed: true });

    const response = await setup(validAccount);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      username: 'founder',
      role: 'admin',
      is_super_admin: true,
      email: null,
      team: null,
    });
    const cookie = response.cookies.find((c) => c.name === 'switchboard_session');
    expect(cookie?.httpOnly).toBe(true);

    const stored = await t.db
      .selectFrom('users')
      .select(['password_hash', 'security_answer_hash', 'security_question'])
      .where('username', '=', 'founder')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.security_answer_hash).toMatch(/^\$argon2id\$/);
    expect(stored.security_question).toBe('What is your favorite book?');

    expect(await status()).toEqual({ needed: false });
    const again = await setup({ ...validAccount, username: 'intruder' });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('SETUP_ALREADY_DONE');

    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_name', '=', 'founder')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'admin.created',
      'setup.completed',
      'auth.sign_in',
    ]);
  });
});
