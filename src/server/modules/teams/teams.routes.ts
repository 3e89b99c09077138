import { canSeeTeamsPage, canManageTeams } from '../../../shared/permissions';
import { okResponseSchema } from '../../../shared/schemas/auth';
import {
  addTeamMemberSchema,
  teamCandidatesQuerySchema,
  teamCandidatesSchema,
  teamInputSchema,
  teamListQuerySchema,
  teamListSchema,
  teamMemberParamsSchema,
  teamMemberResponseSchema,
  teamMembersQuerySchema,
  teamMembersSchema,
  teamParamsSchema,
  teamResponseSchema,
  updateTeamMemberSchema,
} from '../../../shared/schemas/teams';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { leaderOfTeam } from '../auth/access';
import { actorOf, changeAuthorOf } from '../auth/sessions';
import * as teams from './teams.service';

export const teamRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/teams',
    {
      config: { access: canSeeTeamsPage },
      schema: {
        operationId: 'listTeams',
        tags: ['teams'],
        summary:
          'A page of the teams this user may see (all for a super admin, else the team they ' +
          'lead), newest first unless `sort` says; `search` matches name or description',
        querystring: teamListQuerySchema,
        response: { 200: teamListSchema },
      },
    },
    async (request) => teams.listTeams(ctx, actorOf(request), request.query),
  );

  app.post(
    '/api/teams',
    {
      config: { access: canManageTeams },
      schema: {
        operationId: 'createTeam',
        tags: ['teams'],
        summary: 'Create a team (super admin)',
        body: teamInputSchema,
        response: { 201: teamResponseSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const team = await teams.createTeam(ctx, request.body, changeAuthorOf(request));
      return reply.status(201).send({ team });
    },
  );

  app.patch(
    '/api/teams/:id',
    {
      config: { access: canManageTeams },
      schema: {
        operationId: 'updateTeam',
        tags: ['teams'],
        summary: 'Rename a team or change its description (super admin)',
        params: teamParamsSchema,
        body: teamInputSchema,
        response: { 200: teamResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      team: await teams.updateTeam(ctx, request.params.id, request.body, changeAuthorOf(request)),
    }),
  );

  app.delete(
    '/api/teams/:id',
    {
      config: { access: canManageTeams },
      schema: {
        operationId: 'deleteTeam',
        tags: ['teams'],
        summary: 'Delete a team: its members are removed from it (super admin)',
        params: teamParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await teams.deleteTeam(ctx, request.params.id, changeAuthorOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/teams/:id/members',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'listTeamMembers',
        tags: ['teams'],
        summary:
          "A page of a team's members, leaders first then by username unless `sort` says; " +
          "`search` matches the username or full name (super admin, or the team's leader)",
        params: teamParamsSchema,
        querystring: teamMembersQuerySchema,
        response: { 200: teamMembersSchema, ...errorResponses(404) },
      },
    },
    async (request) => teams.listMembers(ctx, request.params.id, request.query),
  );

  app.get(
    '/api/teams/:id/candidates',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'listTeamCandidates',
        tags: ['teams'],
        summary:
          'A page of who can be added: employees and admins, not super admins, not already in ' +
          "this team (a team leader's: only those in no team); those in no team first, then " +
          'by username unless `sort` says; `search` matches the username',
        params: teamParamsSchema,
        querystring: teamCandidatesQuerySchema,
        response: { 200: teamCandidatesSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      teams.listCandidates(ctx, actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/teams/:id/members',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'addTeamMember',
        tags: ['teams'],
        summary: 'Add a member (moving them from the team they were in: super admin only)',
        params: teamParamsSchema,
        body: addTeamMemberSchema,
        response: {
          201: teamMemberResponseSchema,
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const added = await teams.addMember(
        ctx,
        request.params.id,
        request.body,
        changeAuthorOf(request),
      );
      return reply.status(201).send(added);
    },
  );

  app.patch(
    '/api/teams/:id/members/:memberId',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'changeTeamMemberRole',
        tags: ['teams'],
        summary: 'Promote to team leader or demote to member',
        params: teamMemberParamsSchema,
        body: updateTeamMemberSchema,
        response: { 200: teamMemberResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      teams.changeMemberRole(
        ctx,
        request.params.id,
        request.params.memberId,
        request.body.role,
        changeAuthorOf(request),
      ),
  );

  app.delete(
    '/api/teams/:id/members/:memberId',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'removeTeamMember',
        tags: ['teams'],
        summary: 'Remove a member from the team (they are left without a team)',
        params: teamMemberParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await teams.removeMember(
        ctx,
        request.params.id,
        request.params.memberId,
        changeAuthorOf(request),
      );
      return { ok: true as const };
    },
  );
};
