import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { newAdmin } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { openTestDatabase } from '../../test/test-app';

const database = await openTestDatabase();
afterAll(() => database.close());

describe('the generated session secret', () => {
  it('is shared by every process on the same database, so sessions work on all of them', async () => {
    const config = testConfig({ sessionSecret: undefined, databaseUrl: process.env.DATABASE_URL });
    const [first, second] = await Promise.all([
      buildApp(config, database),
      buildApp(config, database),
    ]);
    const admin = await newAdmin(database.db);

    const { cookie } = await signInAs(first, admin);
    const me = await second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(admin.id);

    const stored = await database.db
      .selectFrom('app_settings')
      .selectAll()
      .where('key', '=', 'session_secret')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.value).toMatch(/^[\w-]{64}$/);
    await Promise.all([first.close(), second.close()]);
  });
});
