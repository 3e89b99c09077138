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

/**
 * One change to a team's wrap-up: `write` makes it and says what to audit; the audit entry goes
 * in the same transaction. Answers what `write` answers.
 */
function changeWrapUp<Result>(
  ctx: AppContext,
  teamId: string,
  change: ChangeAuthor,
  write: (trx: Db) => Promise<{ result: Result; details: Record<string, unknown> }>,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const team = await existingTeam(trx, teamId);
    const { result, details } = await write(trx);
    await recordAudit(trx, {
      action: 'team.wrap_up_changed',
      actor: change.actor,
      target: { type: 'team', id: teamId, name: team.name },
      ip: change.ip,
      at: ctx.clock.now(),
      details,
    });
    return result;
  });
}

/** Sets the team's rules; answers its whole wrap-up. */
export function setRules(
  ctx: AppContext,
  teamId: string,
  rules: WrapUpRules,
  change: ChangeAuthor,
) {
  return changeWrapUp(ctx, teamId, change, async (trx) => {
    await repo.updateRules(trx, teamId, rules);
    return { result: await wrapUpOf(trx, teamId), details: { rules } };
  });
}

export function addCode(ctx: AppContext, teamId: string, name: string, change: ChangeAuthor) {
  return changeWrapUp(ctx, teamId, change, async (trx) => ({
    result: await repo.insertCode(trx, teamId, name),
    details: { codeAdded: name },
  }));
}

export function changeCode(
  ctx: AppContext,
  teamId: string,
  codeId: string,
  changes: { name?: string | undefined; active?: boolean | undefined },
  change: ChangeAuthor,
) {
  return changeWrapUp(ctx, teamId, change, async (trx) => {
    const before = await repo.findCode(trx, teamId, codeId);
    if (!before) throw new AppError('WRAP_UP_CODE_NOT_FOUND');
    const changed = await repo.updateCode(trx, codeId, changes);
    return {
      result: changed,
      details: {
        code: changed.name,
        before: { name: before.name, active: before.active },
        changes,
      },
    };
  });
}

/** What the agent wraps up with: their team's rules and active codes (none without a team). */
export async function agentWrapUp(ctx: AppContext, actor: SessionUser): Promise<TeamWrapUp> {
  if (!actor.team) return { required: false, afterCallLimitSeconds: null, codes: [] };
  const { required, afterCallLimitSeconds, codes } = await wrapUpOf(ctx.db, actor.team.id);
  const active = codes.filter((code) => code.active);
  return { required: required && active.length > 0, afterCallLimitSeconds, codes: active };
}
