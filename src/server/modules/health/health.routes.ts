import { sql } from 'kysely';
import { z } from 'zod';
import { type RoutesPlugin } from '../../platform/routes';
import { AppError } from '../../platform/errors';

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
};
