import type { InboundSettings, InboundSettingsChanges } from '../../../shared/schemas/queues';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import type { ChangeAuthor } from '../accounts/accounts.service';
import { recordAudit } from '../audit/audit.service';
import * as repo from './queues.repository';

async function existingTeam(db: Db, teamId: string) {
  const team = await repo.teamInbound(db, teamId);
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  return team;
}

/** How the team's inbound calls come (its leader's or a super admin's to set). */
export async function teamInbound(ctx: AppContext, teamId: string): Promise<InboundSettings> {
  const { name: _name, ...settings } = await existingTeam(ctx.db, teamId);
  return settings;
}

/**
 * Sets the team's inbound settings, each one left out keeping its value; answers them all. A
 * change of mode keeps every caller waiting: in per-agent mode they are still offered, first,
 * until answered or gone.
 */
export async function setTeamInbound(
  ctx: AppContext,
  teamId: string,
  changes: InboundSettingsChanges,
  change: ChangeAuthor,
) {
  const settings = await ctx.db.transaction().execute(async (trx) => {
    const { name, ...before } = await existingTeam(trx, teamId);
    const settings: InboundSettings = {
      mode: changes.mode ?? before.mode,
      callsPerHour: changes.callsPerHour ?? before.callsPerHour,
      patienceSeconds: changes.patienceSeconds ?? before.patienceSeconds,
      serviceLevelSeconds: changes.serviceLevelSeconds ?? before.serviceLevelSeconds,
      serviceLevelTargetPercent:
        changes.serviceLevelTargetPercent ?? before.serviceLevelTargetPercent,
    };
    if (JSON.stringify(settings) === JSON.stringify(before)) return settings;
    await repo.updateInbound(trx, teamId, settings);
    await recordAudit(trx, {
      action: 'team.inbound_changed',
      actor: change.actor,
      target: { type: 'team', id: teamId, name },
      ip: change.ip,
      at: ctx.clock.now(),
      details: { before, after: settings },
    });
    return settings;
  });
  // The team's tile on the live floor comes, changes or goes.
  await ctx.live.queuesChanged(teamId);
  return settings;
}
