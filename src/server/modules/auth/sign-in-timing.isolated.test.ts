import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { newAdmin } from '../../test/factories';
import { postSignIn } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

vi.mock('@node-rs/argon2', { spy: true });

const t = await createTestApp();

/** How many argon2 verifications one sign-in attempt costs. */
async function verificationsOf(username: string, password: string) {
  vi.mocked(argon2.verify).mockClear();
  expect((await postSignIn(t, username, password)).statusCode).toBe(401);
  return vi.mocked(argon2.verify).mock.calls;
}

describe('timing of failed sign-ins', () => {
  it('an unknown username costs one argon2 verification, like a wrong password', async () => {
    const admin = await newAdmin(t.db);
    const wrongPassword = await verificationsOf(admin.username, 'wrong-password');
    const unknownUser = await verificationsOf('nobody_at_all', 'wrong-password');

    expect(wrongPassword).toEqual([[admin.password_hash, 'wrong-password']]);
    expect(unknownUser).toHaveLength(1);
    expect(unknownUser[0]?.[0]).toMatch(/^\$argon2id\$/);
    expect(unknownUser[0]?.[1]).toBe('wrong-password');
  });
});
