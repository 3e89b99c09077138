import { canManageEmployees } from '../../../shared/permissions';
import { accountEditSchema } from '../../../shared/schemas/accounts';
import { idParamsSchema } from '../../../shared/schemas/admins';
import { okResponseSchema } from '../../../shared/schemas/auth';
import {
  employeeListQuerySchema,
  employeeListSchema,
  employeeResponseSchema,
  registerEmployeeSchema,
  registrableTeamsSchema,
} from '../../../shared/schemas/employees';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { actorOf, changeAuthorOf } from '../auth/sessions';
import * as employees from './employees.service';

/** Any admin, within their scope: a super admin or an admin with no team sees every employee. */
export const employeeRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/employees',
    {
      config: { access: canManageEmployees },
      schema: {
        operationId: 'listEmployees',
        tags: ['employees'],
        summary:
          'A page of the employees in your scope, newest first unless `sort` says; `search` ' +
          'matches the username',
        querystring: employeeListQuerySchema,
        response: { 200: employeeListSchema },
      },
    },
    async (request) => employees.listEmployees(ctx, actorOf(request), request.query),
  );

  app.get(
    '/api/employees/teams',
    {
      config: { access: canManageEmployees },
      schema: {
        operationId: 'listRegistrableTeams',
        tags: ['employees'],
        summary: 'The teams you may register employees into',
        response: { 200: registrableTeamsSchema },
      },
    },
    async (request) => employees.registrableTeams(ctx, actorOf(request)),
  );

  app.post(
    '/api/employees',
    {
      config: { access: canManageEmployees },
      schema: {
        operationId: 'registerEmployee',
        tags: ['employees'],
        summary: 'Register an employee into a team (role employee, team member)',
        body: registerEmployeeSchema,
        response: { 201: employeeResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const employee = await employees.registerEmployee(ctx, request.body, changeAuthorOf(request));
      return reply.status(201).send({ employee });
    },
  );

  app.patch(
    '/api/employees/:id',
    {
      config: { access: canManageEmployees },
      schema: {
        operationId: 'updateEmployee',
        tags: ['employees'],
        summary:
          'Rename an employee and/or set a new password (an empty password keeps the old one)',
        params: idParamsSchema,
        body: accountEditSchema,
        response: { 200: employeeResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      employee: await employees.updateEmployee(
        ctx,
        request.params.id,
        request.body,
        changeAuthorOf(request),
      ),
    }),
  );

  app.delete(
    '/api/employees/:id',
    {
      config: { access: canManageEmployees },
      schema: {
        operationId: 'deleteEmployee',
        tags: ['employees'],
        summary: 'Delete an employee and everything of theirs, in one transaction',
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await employees.deleteEmployee(ctx, request.params.id, changeAuthorOf(request));
      return { ok: true as const };
    },
  );
};
