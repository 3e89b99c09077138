import { teamMessages } from '../../../shared/messages';
import { canChangeRoleOf, canRemoveMember, isSuperAdmin } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { ListQuery } from '../../../shared/schemas/list';
import type {
  Team,
  TeamCandidateSortColumn,
  TeamMember,
  TeamMemberRole,
  TeamMemberSortColumn,
  TeamSortColumn,
} from '../../../shared/schemas/teams';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { readListPage } from '../../platform/list-page';
import { AppError } from '../../platform/errors';
import type { ChangeAuthor } from '../accounts/accounts.service';
import { recordAudit } from '../audit/audit.service';
import { abandonTeamCallers } from '../queues/queues.repository';
import { insertDefaultCodes } from '../wrap-up/wrap-up.repository';
import * as repo from './teams.repository';

function toTeam(row: repo.TeamRecord): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_by: row.created_by ?? 'Unknown',
    created_at: row.created_at.toISOString(),
    member_count: Number(row.member_count ?? 0),
  };
}

function toMember(row: repo.MemberRecord): TeamMember {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    full_name: row.full_name,
    user_role: row.user_role,
    role: row.role,
  };
}

/** A super admin sees every team; anyone else on the Teams page, only the team they lead. */
function visibleScope(actor: SessionUser): repo.TeamScope {
  if (isSuperAdmin(actor)) return { all: true };
  return { teamId: actor.is_team_leader ? (actor.team?.id ?? null) : null };
}

export async function listTeams(
  ctx: AppContext,
  actor: SessionUser,
  query: ListQuery<TeamSortColumn>,
) {
  const scope = visibleScope(actor);
  const { rows, ...page } = await readListPage(
    query,
    () => repo.countTeams(ctx.db, scope, query.search),
    (window) => repo.listTeams(ctx.db, scope, query, window),
  );
  return { teams: rows.map(toTeam), ...page };
}

export async function existingTeam(db: Db, teamId: string) {
  const team = await repo.findTeam(db, teamId);
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  return team;
}

export async function createTeam(
  ctx: AppContext,
  input: { name: string; description: string | null },
  change: ChangeAuthor,
) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await repo.insertTeam(trx, { ...input, createdBy: change.actor.username, at });
    await insertDefaultCodes(trx, [id]);
    await recordAudit(trx, {
      action: 'team.created',
      actor: change.actor,
      target: { type: 'team', id, name: input.name },
      ip: change.ip,
      at,
    });
    return toTeam(await existingTeam(trx, id));
  });
}

export async function updateTeam(
  ctx: AppContext,
  teamId: string,
  input: { name: string; description: string | null },
  change: ChangeAuthor,
) {
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const before = await existingTeam(trx, teamId);
    // Saved as it was: nothing to write, nothing for the audit log or the floor.
    if (before.name === input.name && before.description === input.description) {
      return { team: toTeam(before), memberIds: [] };
    }
    await repo.updateTeam(trx, teamId, input);
    await recordAudit(trx, {
      action: 'team.updated',
      actor: change.actor,
      target: { type: 'team', id: teamId, name: input.name },
      ip: change.ip,
      at: ctx.clock.now(),
      details: {
        ...(before.name !== input.name ? { renamedFrom: before.name } : {}),
        ...(before.description !== input.description ? { descriptionChanged: true } : {}),
        before: { name: before.name, description: before.description },
      },
    });
    return {
      team: toTeam(await existingTeam(trx, teamId)),
      memberIds: (await repo.listMembers(trx, teamId)).map((member) => member.user_id),
    };
  });
  // The live floor shows the team's name.
  await ctx.live.agentChanged(...updated.memberIds);
  return updated.team;
}

/** Deletes the team; its members are removed from it and left without a team. */
export async function deleteTeam(ctx: AppContext, teamId: string, change: ChangeAuthor) {
  const members = await ctx.db.transaction().execute(async (trx) => {
    const team = await existingTeam(trx, teamId);
    const before = await repo.listMembers(trx, teamId);
    // Its callers waiting in its queue hang up; one ringing at an agent finishes the ring.
    await abandonTeamCallers(trx, teamId, ctx.clock.now());
    await repo.deleteTeam(trx, teamId);
    await recordAudit(trx, {
      action: 'team.deleted',
      actor: change.actor,
      target: { type: 'team', id: teamId, name: team.name },
      ip: change.ip,
      at: ctx.clock.now(),
      details: { memberCount: Number(team.member_count ?? 0) },
    });
    return before;
  });
  // Its agents leave a team admin's live floor, and its queue's tile goes.
  await ctx.live.agentChanged(...members.map((member) => member.user_id));
  await ctx.live.queuesChanged(teamId);
}

/** A page of the team's members, leaders first unless sorted; `total` counts them all. */
export async function listMembers(
  ctx: AppContext,
  teamId: string,
  query: ListQuery<TeamMemberSortColumn>,
) {
  await existingTeam(ctx.db, teamId);
  const { rows, ...page } = await readListPage(
    query,
    () => repo.countMembers(ctx.db, teamId, query.search),
    (window) => repo.listMemberPage(ctx.db, teamId, query, window),
  );
  return { members: rows.map(toMember), ...page };
}

/**
 * Whom this user may add to the team, a page at a time (a call centre has thousands): a super
 * admin, anyone but a super admin not already in it (moving them from their team); a team
 * leader, only those in no team, as addMember allows, so other teams' people are not listed
 * to them.
 */
export async function listCandidates(
  ctx: AppContext,
  actor: SessionUser,
  teamId: string,
  query: ListQuery<TeamCandidateSortColumn>,
) {
  await existingTeam(ctx.db, teamId);
  const canMove = isSuperAdmin(actor);
  const candidates = { teamId, isTeamless: !canMove };
  const { rows, ...page } = await readListPage(
    query,
    () => repo.countCandidates(ctx.db, candidates, query.search),
    (window) => repo.listCandidatePage(ctx.db, candidates, query, window),
  );
  return {
    candidates: rows.map((row) => ({
      id: row.id,
      username: row.username,
      role: row.role,
      current_team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
      can_add: row.team_id === null || canMove,
    })),
    ...page,
  };
}

/**
 * Puts a user in a team with a role, moving them out of the team they were in (a user is in
 * at most one team). Run inside the caller's transaction; registration uses it too.
 */
export async function placeInTeam(
  db: Db,
  placement: { teamId: string; userId: string; role: TeamMemberRole; at: Date },
) {
  await repo.deleteMembershipOfUser(db, placement.userId);
  await repo.setUserTeam(db, placement.userId, placement.teamId);
  return repo.insertMember(db, placement);
}

export async function addMember(
  ctx: AppContext,
  teamId: string,
  input: { userId: string; role: TeamMemberRole },
  change: ChangeAuthor,
) {
  const at = ctx.clock.now();
  const added = await ctx.db.transaction().execute(async (trx) => {
    const team = await existingTeam(trx, teamId);
    const user = await repo.findUserForMembership(trx, input.userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (user.is_super_admin) throw new AppError('NOT_A_CANDIDATE');
    if (user.team_id === teamId) throw new AppError('ALREADY_IN_TEAM');
    if (user.team_id && !isSuperAdmin(change.actor)) throw new AppError('MEMBER_IN_OTHER_TEAM');

    const memberId = await placeInTeam(trx, { teamId, userId: user.id, role: input.role, at });
    await recordAudit(trx, {
      action: 'team.member_added',
      actor: change.actor,
      target: { type: 'user', id: user.id, name: user.username },
      ip: change.ip,
      at,
      details: { teamId, teamName: team.name, role: input.role, movedFromTeamId: user.team_id },
    });
    const member = await repo.findMember(trx, teamId, memberId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return { member: toMember(member), message: teamMessages.memberAdded };
  });
  await ctx.live.agentChanged(input.userId); // the live floors of both teams
  return added;
}

async function existingMember(db: Db, teamId: string, memberId: string) {
  const member = await repo.findMember(db, teamId, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

export async function changeMemberRole(
  ctx: AppContext,
  teamId: string,
  memberId: string,
  role: TeamMemberRole,
  change: ChangeAuthor,
) {
  return ctx.db.transaction().execute(async (trx) => {
    await existingTeam(trx, teamId);
    const member = await existingMember(trx, teamId, memberId);
    if (!canChangeRoleOf(change.actor, member)) throw new AppError('OWN_MEMBERSHIP_SUPER_ONLY');
    await repo.updateMemberRole(trx, memberId, role);
    await recordAudit(trx, {
      action: 'team.member_role_changed',
      actor: change.actor,
      target: { type: 'user', id: member.user_id, name: member.username },
      ip: change.ip,
      at: ctx.clock.now(),
      details: { teamId, from: member.role, to: role },
    });
    return {
      member: toMember({ ...member, role }),
      message: role === 'team_leader' ? teamMessages.promoted : teamMessages.demoted,
    };
  });
}

export async function removeMember(
  ctx: AppContext,
  teamId: string,
  memberId: string,
  change: ChangeAuthor,
) {
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const team = await existingTeam(trx, teamId);
    const member = await existingMember(trx, teamId, memberId);
    if (!canRemoveMember(change.actor, member)) {
      throw new AppError(
        member.user_id === change.actor.id
          ? 'OWN_MEMBERSHIP_SUPER_ONLY'
          : 'ADMIN_REMOVAL_SUPER_ONLY',
      );
    }
    await repo.deleteMembershipOfUser(trx, member.user_id);
    await repo.setUserTeam(trx, member.user_id, null);
    await recordAudit(trx, {
      action: 'team.member_removed',
      actor: change.actor,
      target: { type: 'user', id: member.user_id, name: member.username },
      ip: change.ip,
      at: ctx.clock.now(),
      details: { teamId, teamName: team.name },
    });
    return member.user_id;
  });
  await ctx.live.agentChanged(userId);
}
