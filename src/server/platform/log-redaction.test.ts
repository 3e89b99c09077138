import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTION } from '../test/factories';
import { postSignIn } from '../test/sign-in';
import { createTestApp, sessionCookieOf } from '../test/test-app';

/** Everything the server logs in this file, at trace level: the text searched for secrets. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

/** Distinct, unguessable values: finding one in the log can only mean it was logged. */
const secret = (label: string) => `${label}-${randomBytes(9).toString('base64url')}`;
const secrets = {
  sessionSecret: secret('session-secret-0123456789abcdef'),
  setupPassword: secret('SetupPw'),
  securityAnswer: secret('AnswerRex'),
  wrongPassword: secret('WrongPw'),
  wrongCurrentPassword: secret('WrongCurrentPw'),
  wrongAnswer: secret('WrongAnswer'),
  changedPassword: secret('ChangedPw'),
  resetPassword: secret('ResetPw'),
  newAdminPassword: secret('AdminPw'),
  newAdminAnswer: secret('AdminAnswer'),
  malformedBodyPassword: secret('MalformedPw'),
  oversizedBodyPassword: secret('OversizedPw'),
};

const t = await createTestApp(
  { logLevel: 'trace', sessionSecret: secrets.sessionSecret },
  { logStream: capture },
);

/** What else turned up on the way: session tokens (cookie values) and the reset token. */
const issued: string[] = [];
function tokenOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = sessionCookieOf(response);
  const token = cookie.slice(cookie.indexOf('=') + 1);
  issued.push(token, decodeURIComponent(token));
  return cookie;
}

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });

describe('no secret reaches the log', () => {
  it('through setup, sign-in, failures, a password change, a reset and a 500', async () => {
    const username = 'first_super';

    // First run: the super admin, signed in at once.
    const setup = await post('/api/setup', {
      username,
      password: secrets.setupPassword,
      confirmPassword: secrets.setupPassword,
      securityQuestion: DEFAULT_QUESTION,
      securityAnswer: secrets.securityAnswer,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    tokenOf(setup);

    // Failed sign-ins, then a good one.
    for (let i = 0; i < 3; i++) {
      const failed = await postSignIn(t, username, secrets.wrongPassword);
      expect(failed.statusCode).toBe(401);
    }
    const signIn = await postSignIn(t, username, secrets.setupPassword);
    expect(signIn.statusCode).toBe(200);
    let cookie = tokenOf(signIn);

    // A new admin, with a password and a security answer.
    const addAdmin = await post(
      '/api/admins',
      {
        username: 'second_admin',
        password: secrets.newAdminPassword,
        confirmPassword: secrets.newAdminPassword,
        securityQuestion: DEFAULT_QUESTION,
        securityAnswer: secrets.newAdminAnswer,
      },
      cookie,
    );
    expect(addAdmin.statusCode, addAdmin.body).toBe(201);

    // A password change: the wrong current password first.
    const wrongChange = await post(
      '/api/me/password',
      {
        currentPassword: secrets.wrongCurrentPassword,
        password: secrets.changedPassword,
        confirmPassword: secrets.changedPassword,
      },
      cookie,
    );
    expect(wrongChange.statusCode).toBe(400);
    const change = await post(
      '/api/me/password',
      {
        currentPassword: secrets.setupPassword,
        password: secrets.changedPassword,
        confirmPassword: secrets.changedPassword,
      },
      cookie,
    );
    expect(change.statusCode, change.body).toBe(200);

    // A reset through the security question: a wrong answer, then the right one.
    expect((await post('/api/auth/reset/question', { username })).statusCode).toBe(200);
    const wrongAnswer = await post('/api/auth/reset/answer', {
      username,
      answer: secrets.wrongAnswer,
    });
    expect(wrongAnswer.statusCode).toBe(400);
    const answer = await post('/api/auth/reset/answer', {
      username,
      answer: `  ${secrets.securityAnswer.toUpperCase()} `,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { resetToken } = answer.json<{ resetToken: string }>();
    issued.push(resetToken);
    const reset = await post('/api/auth/reset/password', {
      resetToken,
      password: secrets.resetPassword,
      confirmPassword: secrets.resetPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    cookie = tokenOf(await postSignIn(t, username, secrets.resetPassword));

    // Bodies the server cannot take, each holding a password.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', cookie },
      payload: `{"username":"${username}","password":"${secrets.malformedBodyPassword}" x`,
    });
    expect(malformed.statusCode).toBe(400);
    const oversized = await post('/api/auth/sign-in', {
      username,
      password: secrets.oversizedBodyPassword,
      padding: 'x'.repeat(1024 * 1024),
    });
    expect(oversized.statusCode).toBe(413);

    // 500s: the database fails in the middle of a sign-in with the right password, and while
    // a request's session cookie is being looked up.
    await sql`ALTER TABLE auth_sessions RENAME TO auth_sessions_away`.execute(t.db);
    try {
      const failed = await postSignIn(t, username, secrets.resetPassword);
      expect(failed.statusCode).toBe(500);
      const lookup = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie },
      });
      expect(lookup.statusCode).toBe(500);
    } finally {
      await sql`ALTER TABLE auth_sessions_away RENAME TO auth_sessions`.execute(t.db);
    }

    const log = lines.join('');
    // The log is there and saw all of it (at trace level, every request and the failure).
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/auth/reset/password');
    expect(log.match(/"level":50,[^\n]*"msg":"request failed"/g)?.length).toBeGreaterThanOrEqual(2);

    const known = [
      ...Object.values(secrets),
      secrets.securityAnswer.toLowerCase(),
      secrets.securityAnswer.toUpperCase(),
      ...issued,
    ];
    expect(issued.length).toBeGreaterThanOrEqual(7);
    for (const value of known) {
      expect(log.includes(value), `the log holds a secret (${value.slice(0, 12)}…)`).toBe(false);
    }
  });

  it('censors credentials in whatever object is logged, at any of the usual depths', () => {
    const before = lines.length;
    const value = secret('Logged');
    t.app.log.info(
      {
        req: { headers: { cookie: `switchboard_session=${value}`, authorization: value } },
        res: { headers: { 'set-cookie': value } },
        body: { password: value, currentPassword: value, answer: value, resetToken: value },
        password: value,
        config: { sessionSecret: value },
      },
      'a careless log line',
    );
    const logged = lines.slice(before).join('');
    expect(logged).toContain('a careless log line');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(value);
  });
});
