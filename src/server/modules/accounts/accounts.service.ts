import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../platform/passwords';
import { type AuditAction, recordAudit } from '../audit/audit.service';
import { revokeSessions } from '../auth/auth.service';
import { deleteUser, updateAccount } from './accounts.repository';

/** Who makes a change, from which session and address: for rules, sessions and the audit. */
export interface Change {
  actor: SessionUser;
  /** The session the change comes from: it survives the actor changing their own password. */
  sessionId: string;
  ip: string | null;
}

/** The new password's hash, computed before a transaction opens (argon2 is slow on purpose). */
export function hashNewPassword(password: string | undefined) {
  return password ? hashPassword(password) : Promise.resolve(undefined);
}

/**
 * Inline edit of an employee or admin (spec §5): a new username, and a new password only when
 * one was given. A changed password signs the account out everywhere — except the session
 * making the change. Run inside the caller's transaction, after its scope checks.
 */
export async function editAccount(
  ctx: AppContext,
  account: { id: string; username: string },
  edit: { username: string; passwordHash: string | undefined },
  change: Change,
  action: Extract<AuditAction, `${string}.updated`>,
) {
  await updateAccount(ctx.db, account.id, {
    username: edit.username,
    ...(edit.passwordHash ? { password_hash: edit.passwordHash } : {}),
  });
  if (edit.passwordHash) await revokeSessions(ctx, account.id, change.sessionId);
  await recordAudit(ctx.db, {
    action,
    actor: change.actor,
    target: { type: 'user', id: account.id, name: edit.username },
    ip: change.ip,
    at: ctx.clock.now(),
    details: {
      ...(account.username !== edit.username ? { renamedFrom: account.username } : {}),
      passwordChanged: edit.passwordHash !== undefined,
    },
  });
}

/** Deletes an account and everything of it, with its audit row (kept after the user is gone). */
export async function removeAccount(
  ctx: AppContext,
  account: { id: string; username: string },
  change: Change,
  action: Extract<AuditAction, `${string}.deleted`>,
) {
  await deleteUser(ctx.db, account.id);
  await recordAudit(ctx.db, {
    action,
    actor: change.actor,
    target: { type: 'user', id: account.id, name: account.username },
    ip: change.ip,
    at: ctx.clock.now(),
  });
}
