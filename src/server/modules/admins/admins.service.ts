import type { AdminRow, AdminSortColumn, NewAdminInput } from '../../../shared/schemas/admins';
import type { ListQuery } from '../../../shared/schemas/list';
import type { SecurityQuestion } from '../../../shared/security-questions';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { readListPage } from '../../platform/list-page';
import { AppError, toConflict } from '../../platform/errors';
import { hashAnswer, hashPassword } from '../../platform/passwords';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import {
  type ChangeAuthor,
  editAccount,
  hashNewPassword,
  removeAccount,
} from '../accounts/accounts.service';
import { existingTeam, placeInTeam } from '../teams/teams.service';
import * as repo from './admins.repository';
import { insertUser } from '../accounts/accounts.repository';
import type { AdminRowRecord } from './admins.repository';

export interface NewAdmin {
  username: string;
  password: string;
  isSuperAdmin: boolean;
  /** The team the admin joins (its name goes in the audit entry). */
  team?: { id: string; name: string } | null;
  /** Without one, the account cannot reset its password by itself. */
  security: { question: SecurityQuestion; answer: string } | null;
}

/**
 * Creates an admin account with hashed password and security answer, and its audit entry.
 * Run it inside the caller's transaction. A taken username is 'Username already exists'.
 */
export async function createAdmin(
  db: Db,
  admin: NewAdmin,
  audit: { actor: AuditActor | null; ip: string | null; at: Date },
) {
  const [passwordHash, answerHash] = await Promise.all([
    hashPassword(admin.password),
    admin.security ? hashAnswer(admin.security.answer) : null,
  ]);
  const created = await insertUser(db, {
    username: admin.username,
    password_hash: passwordHash,
    email: null,
    role: 'admin',
    is_super_admin: admin.isSuperAdmin,
    team_id: admin.team?.id ?? null,
    security_question: admin.security?.question ?? null,
    security_answer_hash: answerHash,
    created_at: audit.at,
    updated_at: audit.at,
  }).catch((error: unknown) => {
    throw toConflict(error);
  });
  await recordAudit(db, {
    action: 'admin.created',
    actor: audit.actor ?? created,
    target: { type: 'user', id: created.id, name: created.username },
    ip: audit.ip,
    at: audit.at,
    details: {
      isSuperAdmin: admin.isSuperAdmin,
      ...(admin.team ? { teamId: admin.team.id, teamName: admin.team.name } : {}),
    },
  });
  return created;
}

export function toAdminRow(row: AdminRowRecord): AdminRow {
  return {
    id: row.id,
    username: row.username,
    is_super_admin: row.is_super_admin,
    team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
    is_team_leader: row.is_team_leader,
    created_at: row.created_at.toISOString(),
  };
}

export async function listAdmins(ctx: AppContext, query: ListQuery<AdminSortColumn>) {
  const { rows, ...page } = await readListPage(
    query,
    () => repo.countAdmins(ctx.db, query.search),
    (window) => repo.listAdmins(ctx.db, query, window),
  );
  return { admins: rows.map(toAdminRow), ...page };
}

async function existingAdmin(db: Db, id: string) {
  const admin = await repo.findAdminById(db, id);
  if (!admin) throw new AppError('ADMIN_NOT_FOUND');
  return admin;
}

/** 'Add New Admin': role admin, its security question, and the team if one is chosen. */
export async function addAdmin(ctx: AppContext, input: NewAdminInput, change: ChangeAuthor) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const team = input.teamId ? await existingTeam(trx, input.teamId) : null;
    const created = await createAdmin(
      trx,
      {
        username: input.username,
        password: input.password,
        isSuperAdmin: false,
        team: team && { id: team.id, name: team.name },
        security: { question: input.securityQuestion, answer: input.securityAnswer },
      },
      { actor: change.actor, ip: change.ip, at },
    );
    if (team) await placeInTeam(trx, { teamId: team.id, userId: created.id, role: 'member', at });
    return toAdminRow(await existingAdmin(trx, created.id));
  });
}

/** Inline edit (spec §5 'Employee or admin edit'), of any admin. */
export async function updateAdmin(
  ctx: AppContext,
  id: string,
  input: { username: string; password?: string | undefined },
  change: ChangeAuthor,
) {
  const passwordHash = await hashNewPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const admin = await existingAdmin(trx, id);
    await editAccount(
      { ...ctx, db: trx },
      admin,
      { username: input.username, passwordHash },
      change,
      'admin',
    );
    return toAdminRow(await existingAdmin(trx, id));
  });
}

/** No one deletes themselves or a super admin (spec §6, DESIGN.md). */
export async function deleteAdmin(ctx: AppContext, id: string, change: ChangeAuthor) {
  await ctx.db.transaction().execute(async (trx) => {
    const admin = await existingAdmin(trx, id);
    if (admin.id === change.actor.id) throw new AppError('SELF_NOT_DELETABLE');
    if (admin.is_super_admin) throw new AppError('SUPER_ADMIN_NOT_DELETABLE');
    await removeAccount({ ...ctx, db: trx }, admin, change, 'admin.deleted');
  });
}
