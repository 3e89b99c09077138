import type { SessionUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../platform/passwords';
import { type AuditAction, recordAudit } from '../audit/audit.service';
import { revokeSessions } from '../auth/auth.service';
import { deleteUser, updateAccount } from './accounts.repository';

/** Who makes a change, from which session and address: for rules, sessions and the audit. */
export interface ChangeAuthor {
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
 *
 * Audited as an edit ('employee.updated') when it renamed the account, and as a password
 * reset ('employee.password_reset') when it set one: the log reads what was done, and a save
 * that changed nothing writes nothing.
 */
export async function editAccount(
  ctx: AppContext,
  account: { id: string; username: string },
  edit: { username: string; passwordHash: string | undefined },
  change: ChangeAuthor,
  kind: 'admin' | 'employee',
) {
  const isRenamed = account.username !== edit.username;
  const isPasswordSet = edit.passwordHash !== undefined;
  if (!isRenamed && !isPasswordSet) return;
  await updateAccount(ctx.db, account.id, {
    username: edit.username,
    ...(edit.passwordHash ? { password_hash: edit.passwordHash } : {}),
  });
  if (edit.passwordHash) await revokeSessions(ctx, account.id, change.sessionId);
  const entry = {
    actor: change.actor,
    target: { type: 'user', id: account.id, name: edit.username },
    ip: change.ip,
    at: ctx.clock.now(),
  };
  if (isRenamed) {
    await recordAudit(ctx.db, {
      ...entry,
      action: `${kind}.updated`,
      details: { renamedFrom: account.username, passwordChanged: isPasswordSet },
    });
  }
  if (isPasswordSet) await recordAudit(ctx.db, { ...entry, action: `${kind}.password_reset` });
}

/** Deletes an account and everything of it, with its audit row (kept after the user is gone). */
export async function removeAccount(
  ctx: AppContext,
  account: { id: string; username: string },
  change: ChangeAuthor,
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
