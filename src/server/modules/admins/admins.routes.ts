import { canManageAdmins } from '../../../shared/permissions';
import {
  adminListQuerySchema,
  adminListSchema,
  adminResponseSchema,
  idParamsSchema,
  newAdminSchema,
} from '../../../shared/schemas/admins';
import { accountEditSchema } from '../../../shared/schemas/accounts';
import { okResponseSchema } from '../../../shared/schemas/auth';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { changeAuthorOf } from '../auth/sessions';
import * as admins from './admins.service';

/** The Admins page: super admins only (DESIGN.md). */
export const adminRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/admins',
    {
      config: { access: canManageAdmins },
      schema: {
        operationId: 'listAdmins',
        tags: ['admins'],
        summary:
          'A page of the admins, super admins first then newest unless `sort` says; `search` ' +
          'matches the username, ignoring case',
        querystring: adminListQuerySchema,
        response: { 200: adminListSchema },
      },
    },
    async (request) => admins.listAdmins(ctx, request.query),
  );

  app.post(
    '/api/admins',
    {
      config: { access: canManageAdmins },
      schema: {
        operationId: 'createAdmin',
        tags: ['admins'],
        summary: "Add an admin with a security question and, optionally, a team ('Add New Admin')",
        body: newAdminSchema,
        response: { 201: adminResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = await admins.addAdmin(ctx, request.body, changeAuthorOf(request));
      return reply.status(201).send({ admin });
    },
  );

  app.patch(
    '/api/admins/:id',
    {
      config: { access: canManageAdmins },
      schema: {
        operationId: 'updateAdmin',
        tags: ['admins'],
        summary: 'Rename an admin and/or set a new password (an empty password keeps the old one)',
        params: idParamsSchema,
        body: accountEditSchema,
        response: { 200: adminResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      admin: await admins.updateAdmin(
        ctx,
        request.params.id,
        request.body,
        changeAuthorOf(request),
      ),
    }),
  );

  app.delete(
    '/api/admins/:id',
    {
      config: { access: canManageAdmins },
      schema: {
        operationId: 'deleteAdmin',
        tags: ['admins'],
        summary: 'Delete an admin (never a super admin, never yourself)',
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await admins.deleteAdmin(ctx, request.params.id, changeAuthorOf(request));
      return { ok: true as const };
    },
  );
};
