import { type Kysely, sql } from 'kysely';

/**
 * Voice-AI identities (DESIGN.md principle 5): the identity that took each call, and one
 * counter every server process draws from, so the rotation is round-robin across them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE call_logs ADD COLUMN voice_identity text`.execute(db);
  await sql`CREATE SEQUENCE voice_identity_turn MINVALUE 0 START 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP SEQUENCE voice_identity_turn`.execute(db);
  await sql`ALTER TABLE call_logs DROP COLUMN voice_identity`.execute(db);
}
