import { sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';
import type { WrapUpRules } from '../../../shared/schemas/wrap-up';
import { DEFAULT_WRAP_UP_CODES } from '../../../shared/wrap-up';
import type { Db } from '../../platform/database';

const codeColumns = ['id', 'name', 'active'] as const;

export function teamRules(db: Db, teamId: string) {
  return db
    .selectFrom('teams')
    .select(['name', 'wrap_up_required', 'after_call_limit_seconds'])
    .where('id', '=', teamId)
    .executeTakeFirst();
}

export function teamCodes(db: Db, teamId: string) {
  return db
    .selectFrom('wrap_up_codes')
    .select(codeColumns)
    .where('team_id', '=', teamId)
    .orderBy('position')
    .execute();
}

/** A new code goes last; its name unique in the team (wrap_up_codes_name_key). */
export function insertCode(db: Db, teamId: string, name: string) {
  return db
    .insertInto('wrap_up_codes')
    .values({
      team_id: teamId,
      name,
      name_key: caselessKey(name),
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM wrap_up_codes
        WHERE team_id = ${teamId})`,
    })
    .returning(codeColumns)
    .executeTakeFirstOrThrow();
}

/** The codes a new team starts with, for each of `teamIds`. */
export async function insertDefaultCodes(db: Db, teamIds: string[]) {
  if (teamIds.length === 0) return;
  await db
    .insertInto('wrap_up_codes')
    .values(
      teamIds.flatMap((teamId) =>
        DEFAULT_WRAP_UP_CODES.map((name, position) => ({
          team_id: teamId,
          name,
          name_key: caselessKey(name),
          position,
        })),
      ),
    )
    .execute();
}

export function findCode(db: Db, teamId: string, codeId: string) {
  return db
    .selectFrom('wrap_up_codes')
    .select(codeColumns)
    .where('id', '=', codeId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
}

export async function updateCode(
  db: Db,
  codeId: string,
  changes: { name?: string | undefined; active?: boolean | undefined },
) {
  return db
    .updateTable('wrap_up_codes')
    .set({
      ...(changes.name !== undefined && {
        name: changes.name,
        name_key: caselessKey(changes.name),
      }),
      ...(changes.active !== undefined && { active: changes.active }),
    })
    .where('id', '=', codeId)
    .returning(codeColumns)
    .executeTakeFirstOrThrow();
}

export async function updateRules(db: Db, teamId: string, rules: WrapUpRules) {
  await db
    .updateTable('teams')
    .set({
      wrap_up_required: rules.required,
      after_call_limit_seconds: rules.afterCallLimitSeconds,
    })
    .where('id', '=', teamId)
    .execute();
}

/** The code, if it is an active one of the agent's team. */
export function findAgentCode(db: Db, userId: string, codeId: string) {
  return db
    .selectFrom('wrap_up_codes as w')
    .innerJoin('team_members as m', 'm.team_id', 'w.team_id')
    .select(['w.id', 'w.name'])
    .where('m.user_id', '=', userId)
    .where('w.id', '=', codeId)
    .where('w.active', '=', true)
    .executeTakeFirst();
}
