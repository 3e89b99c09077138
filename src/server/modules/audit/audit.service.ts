import type { Db } from '../../platform/database';
import { insertAuditEntry } from './audit.repository';

/** What happened, in the past tense of the call centre: 'auth.sign_in', 'employee.deleted'. */
export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.reset_answer_failed'
  | 'auth.reset_completed'
  | 'auth.password_changed'
  | 'auth.session_revoked'
  | 'profile.updated'
  | 'setup.completed'
  | 'admin.created'
  | 'admin.updated'
  | 'admin.deleted'
  | 'employee.registered'
  | 'employee.updated'
  | 'employee.deleted'
  | 'team.created'
  | 'team.updated'
  | 'team.deleted'
  | 'team.member_added'
  | 'team.member_role_changed'
  | 'team.member_removed';

export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditEntry {
  action: AuditAction;
  actor?: AuditActor | null;
  target?: { type: string; id?: string | null; name?: string | null };
  ip?: string | null;
  details?: Record<string, unknown>;
  /** When it happened; the service's clock, so tests can move time. */
  at: Date;
}

/**
 * Records who did what to whom, inside the caller's transaction so the record and the
 * change land together. Ids and names are copied as plain values: history survives deletes.
 */
export async function recordAudit(db: Db, entry: AuditEntry) {
  await insertAuditEntry(db, {
    action: entry.action,
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor?.username ?? null,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target_name: entry.target?.name ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: entry.at,
  });
}
