import type { SessionUser } from '../../../shared/schemas/auth';
import type { Profile } from '../../../shared/schemas/me';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import * as repo from './me.repository';

export async function getProfile(ctx: AppContext, actor: SessionUser): Promise<Profile> {
  const row = await repo.findProfile(ctx.db, actor.id);
  if (!row) throw new AppError('NOT_SIGNED_IN');
  return {
    username: row.username,
    role: row.role,
    team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
    full_name: row.role === 'employee' ? row.full_name : null,
  };
}

/** An employee's full name (employee_info); admins have none. */
export async function updateProfile(
  ctx: AppContext,
  actor: SessionUser,
  fullName: string | null,
  ip: string | null,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveFullName(trx, actor.id, fullName);
    await recordAudit(trx, {
      action: 'profile.updated',
      actor,
      target: { type: 'user', id: actor.id, name: actor.username },
      ip,
      at: ctx.clock.now(),
      details: { fullName },
    });
  });
  await ctx.live.agentChanged(actor.id); // the live floor shows the name
  return getProfile(ctx, actor);
}
