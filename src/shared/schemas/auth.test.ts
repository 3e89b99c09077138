import { describe, expect, it } from 'vitest';
import { securityQuestions } from '../security-questions';
import { accountEditSchema } from './accounts';
import {
  adminAccountSchema,
  adminCommandSchema,
  resetPasswordRequestSchema,
  signInSchema,
} from './auth';
import { registerEmployeeSchema } from './employees';
import { describeIssue } from './errors';
import { passwordChangeSchema } from './me';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const account = {
  username: 'supervisor',
  password: 'secret1',
  confirmPassword: 'secret1',
  securityQuestion: securityQuestions[0],
  securityAnswer: 'Rex',
};

describe('adminAccountSchema (spec §5 Add admin)', () => {
  it('accepts a complete account and trims the username and answer', () => {
    const parsed = adminAccountSchema.parse({
      ...account,
      username: ' supervisor ',
      securityAnswer: ' Rex ',
    });
    expect(parsed.username).toBe('supervisor');
    expect(parsed.securityAnswer).toBe('Rex');
    expect(parsed.password).toBe('secret1');
  });

  it.each([
    'username',
    'password',
    'confirmPassword',
    'securityQuestion',
    'securityAnswer',
  ] as const)("requires %s: 'All fields are required'", (field) => {
    expect(firstMessage(adminAccountSchema.safeParse({ ...account, [field]: '' }))).toBe(
      'All fields are required',
    );
    const { [field]: _omitted, ...rest } = account;
    expect(firstMessage(adminAccountSchema.safeParse(rest))).toBe('All fields are required');
  });

  it('checks the match before the length, as the spec lists them', () => {
    expect(
      firstMessage(
        adminAccountSchema.safeParse({ ...account, password: 'abc', confirmPassword: 'abd' }),
      ),
    ).toBe('Passwords do not match');
    expect(
      firstMessage(
        adminAccountSchema.safeParse({ ...account, password: 'abcde', confirmPassword: 'abcde' }),
      ),
    ).toBe('Password must be at least 6 characters');
    expect(
      adminAccountSchema.safeParse({ ...account, password: 'abcdef', confirmPassword: 'abcdef' })
        .success,
    ).toBe(true);
  });

  it('offers exactly the eight fixed security questions', () => {
    expect(securityQuestions).toHaveLength(8);
    expect(
      firstMessage(
        adminAccountSchema.safeParse({ ...account, securityQuestion: 'Favourite colour?' }),
      ),
    ).toBe('All fields are required');
  });

  it('keeps spaces in passwords and refuses usernames with spaces', () => {
    expect(
      adminAccountSchema.parse({ ...account, password: ' pass ', confirmPassword: ' pass ' })
        .password,
    ).toBe(' pass ');
    expect(firstMessage(adminAccountSchema.safeParse({ ...account, username: 'two words' }))).toBe(
      'Username cannot contain spaces or control characters',
    );
    for (const invisible of ['\u200b', '\u200d', '\u200e', '\u2060', '\ufeff']) {
      expect(
        firstMessage(adminAccountSchema.safeParse({ ...account, username: `zw${invisible}x` })),
      ).toBe('Username cannot contain spaces or control characters');
    }
    expect(adminAccountSchema.parse({ ...account, username: 'José_Ñ' }).username).toBe('José_Ñ');
  });

  it('caps password length so hashing cannot be abused', () => {
    const huge = 'x'.repeat(257);
    expect(
      firstMessage(
        adminAccountSchema.safeParse({ ...account, password: huge, confirmPassword: huge }),
      ),
    ).toBe('Password must be at most 256 characters');
  });
});

describe('resetPasswordRequestSchema (spec §5 Reset)', () => {
  const reset = { resetToken: 'token', password: 'secret1', confirmPassword: 'secret1' };

  it("uses 'Passwords do not match' and the reset wording of the length rule", () => {
    expect(
      firstMessage(resetPasswordRequestSchema.safeParse({ ...reset, confirmPassword: 'other1' })),
    ).toBe('Passwords do not match');
    expect(
      firstMessage(
        resetPasswordRequestSchema.safeParse({
          ...reset,
          password: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toBe('Password must be at least 6 characters long');
    expect(resetPasswordRequestSchema.safeParse(reset).success).toBe(true);
  });
});

describe('signInSchema', () => {
  it('requires both fields', () => {
    expect(firstMessage(signInSchema.safeParse({ username: ' ', password: 'x' }))).toBe(
      'Username and password are required',
    );
    expect(firstMessage(signInSchema.safeParse({ username: 'x' }))).toBe(
      'Username and password are required',
    );
  });
});

describe('a password of only spaces is blank (spec §5: non-blank)', () => {
  const blank = '      ';

  it('is refused wherever a password is set, as missing', () => {
    expect(
      firstMessage(
        adminAccountSchema.safeParse({ ...account, password: blank, confirmPassword: blank }),
      ),
    ).toBe('All fields are required');
    expect(
      firstMessage(
        registerEmployeeSchema.safeParse({
          username: 'agent1',
          password: blank,
          confirmPassword: blank,
          teamId: crypto.randomUUID(),
        }),
      ),
    ).toBe('All fields are required');
    expect(
      firstMessage(
        passwordChangeSchema.safeParse({
          currentPassword: 'secret1',
          password: blank,
          confirmPassword: blank,
        }),
      ),
    ).toBe('All fields are required');
    expect(
      firstMessage(
        resetPasswordRequestSchema.safeParse({
          resetToken: 'token',
          password: blank,
          confirmPassword: blank,
        }),
      ),
    ).toBe('All fields are required');
    expect(
      firstMessage(
        adminCommandSchema.safeParse({ username: 'root1', password: blank, isSuperAdmin: true }),
      ),
    ).toBe('Password is required');
  });

  it('is still accepted where a password proves who you are: an account may have one', () => {
    expect(signInSchema.safeParse({ username: 'x', password: blank }).success).toBe(true);
    expect(
      passwordChangeSchema.safeParse({
        currentPassword: blank,
        password: 'secret1',
        confirmPassword: 'secret1',
      }).success,
    ).toBe(true);
    expect(firstMessage(signInSchema.safeParse({ username: 'x', password: '' }))).toBe(
      'Username and password are required',
    );
  });

  it("in an inline edit: 'Username and password are required'; empty still means unchanged", () => {
    expect(firstMessage(accountEditSchema.safeParse({ username: 'agent1', password: blank }))).toBe(
      'Username and password are required',
    );
    expect(firstMessage(accountEditSchema.safeParse({ username: 'agent1', password: ' ' }))).toBe(
      'Username and password are required',
    );
    expect(accountEditSchema.parse({ username: 'agent1', password: '' }).password).toBeUndefined();
    expect(firstMessage(accountEditSchema.safeParse({ username: 'agent1', password: 'abc' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(accountEditSchema.parse({ username: 'agent1', password: ' a b c ' }).password).toBe(
      ' a b c ',
    );
  });
});

describe('describeIssue', () => {
  it("keeps the spec's messages exact and names the field of any other message", () => {
    expect(describeIssue(['confirmPassword'], 'Passwords do not match')).toEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
    expect(describeIssue(['query', 'limit'], 'Too big')).toEqual({
      field: 'query.limit',
      message: 'query.limit: Too big',
    });
    expect(describeIssue([], 'Invalid input')).toEqual({
      field: undefined,
      message: 'Invalid input',
    });
  });
});
