import { LIVE_TAB_HEADER, liveTabHeadersSchema } from '../../../shared/live';
import { isAgent } from '../../../shared/permissions';
import {
  agentStateSchema,
  callIdParamsSchema,
  callLogEntrySchema,
  callLogQuerySchema,
  callLogSchema,
  callDetailsSchema,
  callWrapUpSchema,
  outboundCallSchema,
  transcriptLinesSchema,
} from '../../../shared/schemas/agent';
import { okResponseSchema } from '../../../shared/schemas/auth';
import { z } from 'zod';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { actorOf } from '../auth/sessions';
import * as calls from './calls.service';

/** The agent's own calls (employees only); offers come from the call engine. */
export const callRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/agent/calls',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'listMyCalls',
        tags: ['agent'],
        summary: 'Your latest calls with an outcome, newest first (the Activity Log)',
        querystring: callLogQuerySchema,
        response: { 200: callLogSchema },
      },
    },
    async (request) => ({
      calls: await calls.recentCalls(ctx, actorOf(request), request.query.limit),
    }),
  );

  app.post(
    '/api/agent/calls/outbound',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'dialOutbound',
        tags: ['agent'],
        summary: 'Dial out (status Out Bound only): logged answered, status On Call',
        headers: liveTabHeadersSchema,
        body: outboundCallSchema,
        response: { 200: agentStateSchema, ...errorResponses(409) },
      },
    },
    async (request) =>
      calls.dial(ctx, actorOf(request), request.body.phoneNumber, request.headers[LIVE_TAB_HEADER]),
  );

  const actions = {
    answer: ['Answer the ringing call: logged answered, status On Call', calls.answer],
    decline: ['Decline the ringing call: logged declined', calls.decline],
    end: ['End the call in progress: duration stored, status After Call Work', calls.end],
  } as const;
  for (const [action, [summary, run]] of Object.entries(actions)) {
    app.post(
      `/api/agent/calls/:id/${action}`,
      {
        config: { access: isAgent },
        schema: {
          operationId: `${action}Call`,
          tags: ['agent'],
          summary,
          headers: liveTabHeadersSchema,
          params: callIdParamsSchema,
          response: { 200: agentStateSchema, ...errorResponses(404, 409) },
        },
      },
      async (request) =>
        run(ctx, actorOf(request), request.params.id, request.headers[LIVE_TAB_HEADER]),
    );
  }

  app.get(
    '/api/agent/calls/:id',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'getMyCall',
        tags: ['agent'],
        summary:
          'One of your calls with an outcome, as the Activity Log lists it, with its transcript',
        params: callIdParamsSchema,
        response: { 200: callDetailsSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({ call: await calls.ownCall(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/agent/calls/:id/transcript',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'addCallTranscript',
        tags: ['agent'],
        summary:
          'Lines of your answered call, numbered from 0 by the voice assistant (a line number ' +
          'sent again is kept once)',
        params: callIdParamsSchema,
        body: transcriptLinesSchema,
        response: { 200: okResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await calls.addTranscript(ctx, actorOf(request), request.params.id, request.body.lines);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/agent/calls/:id',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'saveCallWrapUp',
        tags: ['agent'],
        summary:
          "Save the call's notes, and its wrap-up code (an active one of your team, or null) " +
          'while the call or its After Call Work goes on',
        params: callIdParamsSchema,
        body: callWrapUpSchema,
        response: {
          200: z.object({ call: callLogEntrySchema }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => ({
      call: await calls.saveWrapUp(ctx, actorOf(request), request.params.id, request.body),
    }),
  );
};
