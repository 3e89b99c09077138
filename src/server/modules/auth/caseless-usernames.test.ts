import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords';
import { DEFAULT_PASSWORD, newAdmin, newSuperAdmin, newTeam } from '../../test/factories';
import { postSignIn, signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();
const boss = await newSuperAdmin(t.db, { username: 'boss' });
const { as: asBoss } = await signInAs(t, boss);

const PASSWORD = 'admin-pass';

function addAdmin(username: string, securityAnswer = 'Dune') {
  return asBoss('POST', '/api/admins', {
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    securityQuestion: 'What is your favorite book?',
    securityAnswer,
  });
}

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload });
}

/** The reset's three steps as `typed`; answers the token's final status. */
async function reset(typed: string, answer: string, password: string) {
  const question = await post('/api/auth/reset/question', { username: typed });
  expect(question.statusCode, `question for ${typed}`).toBe(200);
  const answered = await post('/api/auth/reset/answer', { username: typed, answer });
  expect(answered.statusCode, `answer ${answer} for ${typed}`).toBe(200);
  const { resetToken } = answered.json<{ resetToken: string }>();
  const done = await post('/api/auth/reset/password', {
    resetToken,
    password,
    confirmPassword: password,
  });
  expect(done.statusCode, `new password for ${typed}`).toBe(200);
}

describe('a username matches whatever its case and Unicode form', () => {
  it.each([
    ['ΣΙΣΥΦΟΣ', ['σισυφος', 'σισυφοσ', 'Σισυφος'], 'ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
    ['İstanbul', ['İSTANBUL', 'i\u0307stanbul'], 'Boğaziçi', 'BOĞAZIÇI'],
    ['Straße', ['STRASSE', 'strasse', 'STRAẞE'], 'Weißbier', 'WEISSBIER'],
    ['Jos\u00e9', ['Jose\u0301', 'JOS\u00c9', 'jose\u0301'], 'Caf\u00e9', 'CAFE\u0301'],
    ['Rene\u0301e', ['Ren\u00e9e', 'REN\u00c9E'], 'Cre\u0300me', 'cr\u00e8me'],
  ])(
    '%s registers, then signs in and resets as %o, answering in another spelling',
    async (username, spellings, answer, answerSpelt) => {
      const created = await addAdmin(username, answer);
      expect(created.statusCode).toBe(201);

      for (const typed of [username, ...spellings]) {
        const signedIn = await postSignIn(t, typed, PASSWORD);
        expect(signedIn.statusCode, typed).toBe(200);
        expect(signedIn.json().user.username).toBe(username);
      }

      await reset(spellings[0]!, answerSpelt, 'after-reset');
      expect((await postSignIn(t, spellings.at(-1)!, 'after-reset')).statusCode).toBe(200);
      expect((await postSignIn(t, username, PASSWORD)).statusCode).toBe(401);
    },
  );

  it('folds without Turkish rules: İzmir is not izmir, which is a name of its own', async () => {
    expect((await addAdmin('İzmir')).statusCode).toBe(201);
    const dotless = await postSignIn(t, 'izmir', PASSWORD);
    expect(dotless.statusCode).toBe(401);
    expect(dotless.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await addAdmin('Izmir')).statusCode).toBe(201);
    expect((await postSignIn(t, 'IZMIR', PASSWORD)).json().user.username).toBe('Izmir');
    expect((await postSignIn(t, 'İZMIR', PASSWORD)).json().user.username).toBe('İzmir');
  });
});

describe("a name another's key matches is 'Username already exists'", () => {
  it.each([
    ['Maßstab', 'MASSSTAB'],
    ['ΧΑΟΣ', 'χαος'],
    ['Andr\u00e9', 'ANDRE\u0301'],
    ['Ｆｕｌｌ', 'full'],
  ])('%s, then %s', async (first, second) => {
    expect((await addAdmin(first)).statusCode).toBe(201);
    const taken = await addAdmin(second);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'USERNAME_TAKEN',
      message: 'Username already exists',
      field: 'username',
    });
  });

  it('on registering an employee and on a rename; renaming to another spelling of your own is fine', async () => {
    const team = await newTeam(t.db);
    const register = (username: string) =>
      asBoss('POST', '/api/employees', {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        teamId: team.id,
      });
    expect((await register('ΑΓΓΕΛΟΣ')).statusCode).toBe(201);
    expect((await register('αγγελος')).statusCode).toBe(409);
    expect((await postSignIn(t, 'Αγγελος', PASSWORD)).statusCode).toBe(200);

    const admin = await newAdmin(t.db, { username: 'Fuß' });
    const rename = (username: string) =>
      asBoss('PATCH', `/api/admins/${admin.id}`, { username, password: '' });
    expect((await rename('ΑΓΓΕΛΟΣ')).statusCode).toBe(409);
    expect((await rename('FUSS')).statusCode).toBe(200);
    expect((await postSignIn(t, 'fuß', DEFAULT_PASSWORD)).json().user.username).toBe('FUSS');
  });
});

describe('security answers hashed before the caseless key', () => {
  // The answer as the earlier code hashed it: trimmed and lower-cased, nothing more.
  const adminAnsweringTheOldWay = async (username: string, answer: string) =>
    newAdmin(t.db, {
      username,
      answer: null,
      security_question: 'What is your favorite book?',
      security_answer_hash: await hashPassword(answer.trim().toLowerCase()),
    });

  it.each([
    ['legacy_sharp_s', 'Weißbier', ['weißbier', ' WEIßBIER ']],
    ['legacy_sigma', 'ΟΔΥΣΣΕΥΣ', ['οδυσσευς', 'Οδυσσευς']],
    ['legacy_accent', 'Caf\u00e9', ['CAF\u00c9', 'caf\u00e9']],
  ])('%s (%s) still resets with %o', async (username, answer, spellings) => {
    await adminAnsweringTheOldWay(username, answer);
    for (const spelling of spellings) await reset(username, spelling, 'after-reset');
    const wrong = await post('/api/auth/reset/answer', { username, answer: 'Dune' });
    expect(wrong.statusCode).toBe(400);
  });
});
