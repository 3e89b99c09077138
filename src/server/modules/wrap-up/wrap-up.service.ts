import type { SessionUser } from '../../../shared/schemas/auth';
import type { TeamWrapUp, WrapUpRules } from '../../../shared/schemas/wrap-up';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import type { ChangeAuthor } from '../accounts/accounts.service';
import { recordAudit } from '../audit/audit.service';
import * as repo from './wrap-up.repository';

async function existingTeam(db: Db, teamId: string) {
  const team = await repo.teamRules(db, teamId);
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  return team;
}

async function wrapUpOf(db: Db, teamId: string): Promise<TeamWrapUp> {
  const team = await existingTeam(db, teamId);
  return {
    required: team.wrap_up_required,
    afterCallLimitSeconds: team.after_call_limit_seconds,
    codes: await repo.teamCodes(db, teamId),
  };
}

/** A team's wrap-up rules and codes (its leader's or a super admin's to manage). */
export function teamWrapUp(ctx: AppContext, teamId: string) {
  return wrapUpOf(ctx.db, teamId);
}

/** One change to a team's wrap-up, audited in the same transaction; answers the whole of it. */
function changeWrapUp(
  ctx: AppContext,
  teamId: string,
  change: ChangeAuthor,
  write: (trx: Db) => Promise<Record<string, unknown>>,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const team = await existingTeam(trx, teamId);
    const details = await write(trx);
    await recordAudit(trx, {
      action: 'team.wrap_up_changed',
      actor: change.actor,
      target: { type: 'team', id: teamId, name: team.name },
      ip: change.ip,
      at: ctx.clock.now(),
      details,
    });
    return wrapUpOf(trx, teamId);
  });
}

export function setRules(
  ctx: AppContext,
  teamId: string,
  rules: WrapUpRules,
  change: ChangeAuthor,
) {
  return changeWrapUp(ctx, teamId, change, async (trx) => {
    await repo.updateRules(trx, teamId, rules);
    return { rules };
  });
}

export async function addCode(ctx: AppContext, teamId: string, name: string, change: ChangeAuthor) {
  let added: Awaited<ReturnType<typeof repo.insertCode>> | undefined;
  await changeWrapUp(ctx, teamId, change, async (trx) => {
    added = await repo.insertCode(trx, teamId, name);
    return { codeAdded: name };
  });
  return added!;
}

export async function changeCode(
  ctx: AppContext,
  teamId: string,
  codeId: string,
  changes: { name?: string | undefined; active?: boolean | undefined },
  change: ChangeAuthor,
) {
  let changed: Awaited<ReturnType<typeof repo.updateCode>> | undefined;
  await changeWrapUp(ctx, teamId, change, async (trx) => {
    const before = await repo.findCode(trx, teamId, codeId);
    if (!before) throw new AppError('WRAP_UP_CODE_NOT_FOUND');
    changed = await repo.updateCode(trx, codeId, changes);
    return { code: changed.name, before: { name: before.name, active: before.active }, changes };
  });
  return changed!;
}

/** What the agent wraps up with: their team's rules and active codes (none without a team). */
export async function agentWrapUp(ctx: AppContext, actor: SessionUser): Promise<TeamWrapUp> {
  if (!actor.team) return { required: false, afterCallLimitSeconds: null, codes: [] };
  const { required, afterCallLimitSeconds, codes } = await wrapUpOf(ctx.db, actor.team.id);
  const active = codes.filter((code) => code.active);
  return { required: required && active.length > 0, afterCallLimitSeconds, codes: active };
}
