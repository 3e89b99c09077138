import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentState } from '../shared/schemas/agent';
import { DEFAULT_PASSWORD, joinTeam, newAdmin, newEmployee, newTeam } from './test/factories';
import { createTestApp } from './test/test-app';

/**
 * A client written against types generated from /api/openapi.json by openapi-typescript, as an
 * integrator would: type-checked (what the types must refuse is marked @ts-expect-error, so
 * loose types fail too), then run against the server over HTTP.
 */
const CLIENT = `
import type { components, operations } from './api';

type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SignInBody = Json<operations['signIn']['requestBody']>;
type SignedIn = Json<operations['signIn']['responses'][200]>;
type EmployeeList = Json<operations['listEmployees']['responses'][200]>;
type Search = NonNullable<operations['listEmployees']['parameters']['query']>['search'];
type StatusChange = Json<operations['changeAgentStatus']['requestBody']>;
type AgentState = components['schemas']['AgentState'];
type ApiError = components['schemas']['Error'];

export class SwitchboardClient {
  private cookie = '';
  constructor(private readonly base: string) {}

  private async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(this.base + url, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(this.cookie && { cookie: this.cookie }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    if (!response.ok) {
      const { error } = (await response.json()) as ApiError;
      throw new Error(response.status + ' ' + error.code + ': ' + error.message);
    }
    return (await response.json()) as T;
  }

  async signIn(body: SignInBody): Promise<SignedIn['user']> {
    return (await this.call<SignedIn>('POST', '/api/auth/sign-in', body)).user;
  }

  async employeeNames(search?: Search): Promise<string[]> {
    const query = search ? '?search=' + encodeURIComponent(search) : '';
    const list = await this.call<EmployeeList>('GET', '/api/employees' + query);
    return list.employees.map((employee) => employee.username);
  }

  changeStatus(status: StatusChange['status']): Promise<AgentState> {
    return this.call<AgentState>('PUT', '/api/agent/status', { status });
  }
}

// @ts-expect-error a status the API does not have
export const notAStatus: StatusChange = { status: 'sleeping' };
// @ts-expect-error sign-in needs a password
export const noPassword: SignInBody = { username: 'someone' };
// @ts-expect-error an employee row carries no password
export const leak = (row: components['schemas']['EmployeeRow']) => row.password;
`;

const t = await createTestApp();
const directory = mkdtempSync(path.join(tmpdir(), 'switchboard-client-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a client generated from the OpenAPI document', () => {
  it('type-checks against the generated types and works against the server', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    writeFileSync(path.join(directory, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(path.join(directory, 'client.ts'), CLIENT);
    writeFileSync(path.join(directory, 'package.json'), '{ "type": "module" }');
    writeFileSync(
      path.join(directory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ES2022',
          moduleResolution: 'bundler',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noUncheckedIndexedAccess: true,
          verbatimModuleSyntax: true,
          noEmitOnError: true,
          skipLibCheck: true,
          types: [],
          outDir: 'out',
        },
        files: ['client.ts', 'api.ts'],
      }),
    );
    const tsc = path.resolve('node_modules/.bin/tsc');
    const compiled = await promisify(execFile)(tsc, ['-p', directory]).catch(
      (error: { stdout: string }) => ({ stdout: `tsc failed:\n${error.stdout}` }),
    );
    expect(compiled.stdout).toBe('');

    const team = await newTeam(t.db);
    const admin = await newAdmin(t.db);
    const agent = await newEmployee(t.db);
    await joinTeam(t.db, team, agent);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { SwitchboardClient } = (await import(
      pathToFileURL(path.join(directory, 'out', 'client.js')).href
    )) as {
      SwitchboardClient: new (base: string) => {
        signIn(body: { username: string; password: string }): Promise<{ role: string }>;
        employeeNames(search?: string): Promise<string[]>;
        changeStatus(status: string): Promise<AgentState>;
      };
    };

    const adminClient = new SwitchboardClient(base);
    expect(
      await adminClient.signIn({ username: admin.username, password: DEFAULT_PASSWORD }),
    ).toMatchObject({ role: 'admin' });
    expect(await adminClient.employeeNames(agent.username)).toEqual([agent.username]);

    const agentClient = new SwitchboardClient(base);
    await agentClient.signIn({ username: agent.username, password: DEFAULT_PASSWORD });
    expect((await agentClient.changeStatus('lunch')).status).toBe('lunch');
    await expect(agentClient.changeStatus('on_call')).rejects.toThrow(/^400 VALIDATION_FAILED/);
  });
});
