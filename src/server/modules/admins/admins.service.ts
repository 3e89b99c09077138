import type { SecurityQuestion } from '../../../shared/security-questions';
import type { Db } from '../../platform/database';
import { toConflict } from '../../platform/errors';
import { hashAnswer, hashPassword } from '../../platform/passwords';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { insertUser } from './admins.repository';

export interface NewAdmin {
  username: string;
  password: string;
  isSuperAdmin: boolean;
  teamId?: string | null;
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
    team_id: admin.teamId ?? null,
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
    details: { isSuperAdmin: admin.isSuperAdmin },
  });
  return created;
}
