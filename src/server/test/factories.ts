import { randomBytes } from 'node:crypto';
import { caselessKey } from '../../shared/caseless-key';
import type { SecurityQuestion } from '../../shared/security-questions';
import type { UsersTable } from '../db/schema';
import type { Insertable } from 'kysely';
import type { Db } from '../platform/database';
import { hashAnswer, hashPassword } from '../platform/passwords';
import { placeInTeam } from '../modules/teams/teams.service';

export const DEFAULT_PASSWORD = 'secret-password';
export const DEFAULT_QUESTION: SecurityQuestion = "What is your first pet's name?";
export const DEFAULT_ANSWER = 'Rex';

function uniqueName(prefix: string) {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

type NewUserRow = Omit<Insertable<UsersTable>, 'username_key'>;

interface UserOverrides extends Partial<NewUserRow> {
  password?: string;
  answer?: string | null;
}

async function insertUser(db: Db, defaults: NewUserRow, overrides: UserOverrides) {
  const { password = DEFAULT_PASSWORD, answer, ...columns } = overrides;
  const securityAnswer = answer === undefined ? DEFAULT_ANSWER : answer;
  const row = {
    ...defaults,
    password_hash: await hashPassword(password),
    security_answer_hash: securityAnswer === null ? null : await hashAnswer(securityAnswer),
    ...columns,
  };
  return db
    .insertInto('users')
    .values({ ...row, username_key: caselessKey(row.username) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function newAdmin(db: Db, overrides: UserOverrides = {}) {
  return insertUser(
    db,
    {
      username: uniqueName('admin'),
      password_hash: '',
      role: 'admin',
      security_question: DEFAULT_QUESTION,
    },
    overrides,
  );
}

export function newSuperAdmin(db: Db, overrides: UserOverrides = {}) {
  return newAdmin(db, { is_super_admin: true, ...overrides });
}

export function newEmployee(db: Db, overrides: UserOverrides = {}) {
  return insertUser(
    db,
    { username: uniqueName('agent'), password_hash: '', role: 'employee', security_question: null },
    { answer: null, ...overrides },
  );
}

export function newTeam(
  db: Db,
  overrides: { name?: string; description?: string; created_at?: string } = {},
) {
  const name = overrides.name ?? uniqueName('team');
  return db
    .insertInto('teams')
    .values({
      name,
      name_key: caselessKey(name),
      description: overrides.description ?? null,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Puts a user in a team (moving them out of any other), as the Teams page does. */
export async function joinTeam(
  db: Db,
  team: { id: string },
  user: { id: string },
  role: 'member' | 'team_leader' = 'member',
) {
  const memberId = await placeInTeam(db, {
    teamId: team.id,
    userId: user.id,
    role,
    at: new Date(),
  });
  return { id: memberId };
}
