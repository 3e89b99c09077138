import { canReadAuditLog } from '../../../shared/permissions';
import { Readable } from 'node:stream';
import {
  auditFilterSchema,
  auditLogPageSchema,
  auditQuerySchema,
} from '../../../shared/schemas/audit';
import { type RoutesPlugin, csvFileResponse } from '../../platform/routes';
import * as audit from './audit.service';

const FILTER_HELP =
  '`search` matches the actor, the target and the action (code or words), any case; ' +
  "`from` and `to` (YYYY-MM-DD, both included, either may be left out) are days in the call centre's time zone";

/** The audit log: who changed what, when, from where — super admins only. */
export const auditRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/audit',
    {
      config: { access: canReadAuditLog },
      schema: {
        operationId: 'listAuditEntries',
        tags: ['audit'],
        summary:
          `A page of the audit log, newest first unless \`sort\` says (super admins). ${FILTER_HELP}. ` +
          '`total` counts every entry, `matching` those the filter keeps',
        querystring: auditQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => audit.auditLogPage(ctx, request.query),
  );

  app.get(
    '/api/audit/export.csv',
    {
      config: { access: canReadAuditLog },
      schema: {
        operationId: 'exportAuditCsv',
        tags: ['audit'],
        summary: `The filtered audit log as CSV, newest first (super admins). ${FILTER_HELP}.`,
        querystring: auditFilterSchema,
        response: {
          200: csvFileResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await audit.exportAuditCsv(ctx, request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          // Streamed (the schema's string is the file for the docs): a long log never sits
          // whole in memory.
          .send(Readable.from(file.lines) as unknown as string)
      );
    },
  );
};
