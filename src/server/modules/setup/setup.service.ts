import type { AdminAccountInput } from '../../../shared/schemas/auth';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { createAdmin } from '../admins/admins.service';
import { hasAnyUser, lockSetup } from './setup.repository';

export async function isSetupNeeded(ctx: AppContext) {
  return !(await hasAnyUser(ctx.db));
}

/** First run: creates the super admin, only while the database has no user at all. */
export async function completeSetup(
  ctx: AppContext,
  input: AdminAccountInput,
  meta: { ip: string | null },
) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockSetup(trx);
    if (await hasAnyUser(trx)) throw new AppError('SETUP_ALREADY_DONE');
    const admin = await createAdmin(
      trx,
      {
        username: input.username,
        password: input.password,
        isSuperAdmin: true,
        security: { question: input.securityQuestion, answer: input.securityAnswer },
      },
      { actor: null, ip: meta.ip, at },
    );
    await recordAudit(trx, {
      action: 'setup.completed',
      actor: admin,
      target: { type: 'user', id: admin.id, name: admin.username },
      ip: meta.ip,
      at,
    });
    return admin;
  });
}
