import { type Kysely, sql } from 'kysely';

/**
 * A signed-in user's current-password checks (changing their own password) are limited on a
 * counter of their own, apart from sign-in's: auth_attempts takes a third kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`.execute(db);
  await sql`ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
    CHECK (kind IN ('sign_in', 'reset_answer', 'current_password'))`.execute(db);
}
