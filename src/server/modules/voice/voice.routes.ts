import { isAgent, canSeeVoiceIdentities } from '../../../shared/permissions';
import {
  voiceIdentitiesSchema,
  voiceSessionRequestSchema,
  voiceSessionSchema,
} from '../../../shared/schemas/voice';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { actorOf } from '../auth/sessions';
import * as voice from './voice.service';

/** The voice-AI assistant's identities (DESIGN.md principle 5). */
export const voiceRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/api/voice/session',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'startVoiceSession',
        tags: ['voice'],
        summary:
          'The assistant for your call in progress: the provider and the next identity (public parts only)',
        body: voiceSessionRequestSchema,
        response: { 200: voiceSessionSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => voice.startSession(ctx, actorOf(request), request.body.callId),
  );

  app.get(
    '/api/voice/identities',
    {
      config: { access: canSeeVoiceIdentities },
      schema: {
        operationId: 'listVoiceIdentities',
        tags: ['voice'],
        summary: 'The configured identities: names, assistant ids and calls taken (super admin)',
        response: { 200: voiceIdentitiesSchema },
      },
    },
    async () => voice.listIdentities(ctx),
  );
};
