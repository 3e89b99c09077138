import { isAgent } from '../../../shared/permissions';
import { teamParamsSchema } from '../../../shared/schemas/teams';
import {
  newWrapUpCodeSchema,
  teamWrapUpSchema,
  wrapUpCodeChangesSchema,
  wrapUpCodeParamsSchema,
  wrapUpCodeResponseSchema,
  wrapUpRulesSchema,
} from '../../../shared/schemas/wrap-up';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { leaderOfTeam } from '../auth/access';
import { actorOf, changeAuthorOf } from '../auth/sessions';
import * as wrapUp from './wrap-up.service';

export const wrapUpRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/teams/:id/wrap-up',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'getTeamWrapUp',
        tags: ['teams'],
        summary: "A team's wrap-up rules and codes (super admin, or the team's leader)",
        params: teamParamsSchema,
        response: { 200: teamWrapUpSchema, ...errorResponses(404) },
      },
    },
    async (request) => wrapUp.teamWrapUp(ctx, request.params.id),
  );

  app.put(
    '/api/teams/:id/wrap-up/rules',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'setTeamWrapUpRules',
        tags: ['teams'],
        summary:
          'Whether a wrap-up code is required before After Call Work ends, and how long After ' +
          'Call Work may last (null: no limit) before the system sets Available',
        params: teamParamsSchema,
        body: wrapUpRulesSchema,
        response: { 200: teamWrapUpSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      wrapUp.setRules(ctx, request.params.id, request.body, changeAuthorOf(request)),
  );

  app.post(
    '/api/teams/:id/wrap-up/codes',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'addWrapUpCode',
        tags: ['teams'],
        summary: "Add a wrap-up code to the team's, last; its name unique in the team",
        params: teamParamsSchema,
        body: newWrapUpCodeSchema,
        response: { 201: wrapUpCodeResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const code = await wrapUp.addCode(
        ctx,
        request.params.id,
        request.body.name,
        changeAuthorOf(request),
      );
      return reply.status(201).send({ code });
    },
  );

  app.patch(
    '/api/teams/:id/wrap-up/codes/:codeId',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'changeWrapUpCode',
        tags: ['teams'],
        summary:
          'Rename a wrap-up code or turn it on or off (an inactive code stays on the calls that ' +
          'have it, offered no more)',
        params: wrapUpCodeParamsSchema,
        body: wrapUpCodeChangesSchema,
        response: { 200: wrapUpCodeResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      code: await wrapUp.changeCode(
        ctx,
        request.params.id,
        request.params.codeId,
        request.body,
        changeAuthorOf(request),
      ),
    }),
  );

  app.get(
    '/api/agent/wrap-up',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'getMyWrapUp',
        tags: ['agent'],
        summary: "Your team's wrap-up rules and active codes (none without a team)",
        response: { 200: teamWrapUpSchema },
      },
    },
    async (request) => wrapUp.agentWrapUp(ctx, actorOf(request)),
  );
};
