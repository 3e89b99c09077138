import { sql } from 'kysely';
import { z } from 'zod';
import { type RoutesPlugin } from '../../platform/routes';
import { AppError } from '../../platform/errors';
import { serverClockSchema } from '../../../shared/schemas/clock';

export const healthRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'anyone' },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is up and the database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async () => {
      try {
        await sql`SELECT 1`.execute(ctx.db);
      } catch (error) {
        throw new AppError('UNAVAILABLE', { cause: error });
      }
      return {
        status: 'ok' as const,
        database: ctx.config.databaseUrl ? ('postgres' as const) : ('pglite' as const),
      };
    },
  );

  app.get(
    '/api/clock',
    {
      config: { access: 'anyone' },
      schema: {
        operationId: 'getClock',
        tags: ['health'],
        summary: "The server's time, answered at once",
        description:
          'Nothing but the time, so a round trip is as short as the network makes it: the ' +
          'softphone measures the offset of its clock from several, for timers that turn on ' +
          'their own second.',
        response: { 200: serverClockSchema },
      },
    },
    (_request, reply) => {
      // A time kept by a cache would be a wrong time.
      void reply.header('cache-control', 'no-store');
      return { serverNow: ctx.clock.now().toISOString() };
    },
  );
};
