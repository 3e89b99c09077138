import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resetMessages } from '../../../shared/messages';
import {
  DEFAULT_ANSWER,
  DEFAULT_PASSWORD,
  DEFAULT_QUESTION,
  newAdmin,
  newEmployee,
  newSuperAdmin,
} from '../../test/factories';
import { postSignIn, signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload });
}
const askQuestion = (username: string) => post('/api/auth/reset/question', { username });
const answer = (username: string, answerText: string) =>
  post('/api/auth/reset/answer', { username, answer: answerText });
const setPassword = (resetToken: string, password: string, confirmPassword = password) =>
  post('/api/auth/reset/password', { resetToken, password, confirmPassword });

async function tokenFor(username: string) {
  const response = await answer(username, DEFAULT_ANSWER);
  expect(response.statusCode).toBe(200);
  return response.json<{ resetToken: string }>().resetToken;
}

describe('step 1: the security question', () => {
  it('returns the question of an admin account', async () => {
    const admin = await newAdmin(t.db);
    const response = await askQuestion(admin.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ question: DEFAULT_QUESTION });
  });

  it.each([['an unknown username', 'no_such_user', 404, resetMessages.usernameNotFound]])(
    'answers %s with the spec message',
    async (_case, username, status, message) => {
      const response = await askQuestion(username);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toBe(message);
    },
  );

  it("refuses employee accounts: 'Contact with your supervisor!'", async () => {
    const employee = await newEmployee(t.db);
    const response = await askQuestion(employee.username);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'RESET_EMPLOYEE_REFUSED',
      message: 'Contact with your supervisor!',
    });
  });

  it('says when the account has no security question', async () => {
    const admin = await newAdmin(t.db, { security_question: null, answer: null });
    const response = await askQuestion(admin.username);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Security question not set up for this account');
  });
});

describe('step 2: the answer', () => {
  it('accepts the answer trimmed and in any case, and returns a reset token', async () => {
    const admin = await newSuperAdmin(t.db);
    const response = await answer(admin.username, `  ${DEFAULT_ANSWER.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json().resetToken).toMatch(/^[\w-]{40,}$/);
  });

  it("answers 'Incorrect answer to security question' and records the failure", async () => {
    const admin = await newAdmin(t.db);
    const response = await answer(admin.username.toUpperCase(), 'Fluffy');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Incorrect answer to security question');
    const recorded = await t.db
      .selectFrom('audit_log')
      .select('target_name')
      .where('action', '=', 'auth.reset_answer_failed')
      .where('target_id', '=', admin.id)
      .execute();
    // Named as the account is spelled, whatever the case typed.
    expect(recorded).toEqual([{ target_name: admin.username }]);
  });

  it("answers 'User not found' for an unknown username", async () => {
    const response = await answer('ghost_user', 'anything');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('User not found');
  });

  it('refuses employees at this step too', async () => {
    const employee = await newEmployee(t.db);
    const response = await answer(employee.username, 'anything');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Contact with your supervisor!');
  });

  it('allows 5 wrong answers per username in 15 minutes, then 429 even for the right one', async () => {
    const admin = await newAdmin(t.db);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await answer(admin.username, `wrong ${attempt}`)).statusCode).toBe(400);
    }
    const limited = await answer(admin.username, DEFAULT_ANSWER);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many wrong answers\. Try again in \d+ minutes?\.$/,
    );

    t.clock.advanceMinutes(16);
    expect((await answer(admin.username, DEFAULT_ANSWER)).statusCode).toBe(200);
  });
});

describe('step 3: the new password', () => {
  it("checks 'Passwords do not match' first, then 'Password must be at least 6 characters long'", async () => {
    const admin = await newAdmin(t.db);
    const token = await tokenFor(admin.username);

    const mismatch = await setPassword(token, 'abc', 'abd');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Passwords do not match',
      field: 'confirmPassword',
    });

    const short = await setPassword(token, 'abcde');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');

    // A rejected request does not spend the token.
    expect((await setPassword(token, 'long-enough')).statusCode).toBe(200);
  });

  it('sets the password, signs the account out everywhere, and spends the token', async () => {
    const admin = await newAdmin(t.db);
    const { cookie } = await signInAs(t, admin);
    const token = await tokenFor(admin.username);

    const response = await setPassword(token, 'brand-new-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await postSignIn(t, admin.username, 'brand-new-pass')).statusCode).toBe(200);

    const again = await setPassword(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_TOKEN_INVALID');

    const audit = await t.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'auth.reset_completed')
      .where('target_id', '=', admin.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lifts a sign-in lockout: the new password works at once', async () => {
    const admin = await newAdmin(t.db);
    for (let attempt = 0; attempt < 10; attempt++) await postSignIn(t, admin.username, 'forgotten');
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(429);

    expect((await setPassword(await tokenFor(admin.username), 'remembered-now')).statusCode).toBe(
      200,
    );
    expect((await postSignIn(t, admin.username, 'remembered-now')).statusCode).toBe(200);
  });

  it('expires the token after 10 minutes', async () => {
    const admin = await newAdmin(t.db);
    const token = await tokenFor(admin.username);
    t.clock.advanceMinutes(10);
    t.clock.advance(1);
    const response = await setPassword(token, 'brand-new-pass');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(resetMessages.tokenExpired);
  });

  it('only the newest token of an account is valid', async () => {
    const admin = await newAdmin(t.db);
    const first = await tokenFor(admin.username);
    const second = await tokenFor(admin.username);
    expect((await setPassword(first, 'brand-new-pass')).statusCode).toBe(400);
    expect((await setPassword(second, 'brand-new-pass')).statusCode).toBe(200);
  });

  it("answers 'Failed to reset password' when the database refuses the update", async () => {
    const admin = await newAdmin(t.db);
    const token = await tokenFor(admin.username);
    await sql`ALTER TABLE users ADD CONSTRAINT test_refuse_updates CHECK (updated_at < '2000-01-01') NOT VALID`.execute(
      t.db,
    );
    try {
      const response = await setPassword(token, 'brand-new-pass');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'RESET_FAILED', message: 'Failed to reset password' },
      });
      expect(response.body).not.toMatch(/constraint|sql|users/i);
    } finally {
      await sql`ALTER TABLE users DROP CONSTRAINT test_refuse_updates`.execute(t.db);
    }
    // Nothing was half-done: the token is still unspent and the password unchanged.
    expect((await postSignIn(t, admin.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await setPassword(token, 'brand-new-pass')).statusCode).toBe(200);
  });
});
