import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startupFailureLine } from './startup-failure';
import { type Running, freePort, startServer } from './test/server-process';

const PASSWORD = 'pa55-in-the-url';
const urlTo = (port: number, database = 'switchboard') =>
  `postgres://app:${PASSWORD}@127.0.0.1:${port}/${database}`;

const systemError = (code: string, fields: object) =>
  Object.assign(new Error(`${code} somewhere`), { code, ...fields });
const postgresError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('the line a failed start prints', () => {
  const url = 'postgres://app:secret@db.internal:6543/calls';
  it.each([
    [
      'a port in use',
      systemError('EADDRINUSE', { syscall: 'listen', address: '0.0.0.0', port: 3000 }),
      'Port 3000 is in use: set PORT or stop the other process',
    ],
    [
      'a privileged port',
      systemError('EACCES', { syscall: 'listen', address: '0.0.0.0', port: 80 }),
      'Port 80 needs privileges this user lacks: set PORT to 1024 or above',
    ],
    [
      'a HOST not on this machine',
      systemError('EADDRNOTAVAIL', { syscall: 'listen', address: '10.9.9.9', port: 3000 }),
      'HOST 10.9.9.9 is not an address of this machine: set HOST to one that is, or to 0.0.0.0 for all',
    ],
    [
      'PostgreSQL refusing connections',
      systemError('ECONNREFUSED', { syscall: 'connect', address: '10.0.0.2', port: 6543 }),
      'Cannot reach PostgreSQL at db.internal:6543 (DATABASE_URL): is it running?',
    ],
    [
      'an unknown PostgreSQL host',
      systemError('ENOTFOUND', { syscall: 'getaddrinfo', hostname: 'db.internal' }),
      'Cannot reach PostgreSQL at db.internal:6543 (DATABASE_URL): no such host, check the host name',
    ],
    [
      'a connection timing out',
      new Error('Connection terminated due to connection timeout'),
      'Cannot reach PostgreSQL at db.internal:6543 (DATABASE_URL): is it running?',
    ],
    [
      'a missing database, under the migration error',
      new Error('Database migration failed: Error: x', {
        cause: postgresError('3D000', 'database "calls" does not exist'),
      }),
      'Database "calls" does not exist: create it (createdb calls) or point DATABASE_URL at one that does',
    ],
    [
      'a wrong password',
      postgresError('28P01', 'password authentication failed for user "app"'),
      'PostgreSQL at db.internal:6543 refused the password of user "app": check the user name and password in DATABASE_URL',
    ],
    [
      'a refused user',
      postgresError('28000', 'role "app" does not exist'),
      'PostgreSQL at db.internal:6543 refused user "app" (role "app" does not exist): check the user name in DATABASE_URL and the server\'s pg_hba.conf',
    ],
  ])('%s', (_name, error, line) => {
    expect(startupFailureLine(error, url)).toBe(line);
    expect(line).not.toContain('secret');
  });

  it('is none for a fault in the server, whose stack is the report', () => {
    expect(startupFailureLine(new TypeError('x is undefined'), url)).toBeUndefined();
    // Without DATABASE_URL a connection error is not PostgreSQL's.
    expect(
      startupFailureLine(systemError('ECONNREFUSED', { syscall: 'connect' }), undefined),
    ).toBeUndefined();
  });
});

/** A stand-in PostgreSQL that answers every connection's start-up message with this error. */
async function refusingPostgres(code: string, message: string) {
  const field = (type: string, value: string) => Buffer.from(`${type}${value}\0`);
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', code),
    field('M', message),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E');
  header.writeInt32BE(body.length + 4, 1);
  const server = createServer((socket) =>
    socket.once('data', () => socket.end(Buffer.concat([header, body]))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-startup-failure-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function failedStart(env: Record<string, string>, port?: number) {
  const running: Running = startServer({ dataDir, port: port ?? (await freePort()), env });
  return { code: await running.exited, output: running.output() };
}

const STACK_LINE = /^\s+at /m;

describe('a server that cannot start', { timeout: 90_000 }, () => {
  it('says PostgreSQL is unreachable in one line, and shows the stack only at debug level', async () => {
    const closedPort = await freePort();
    const [plain, debug] = await Promise.all([
      failedStart({ DATABASE_URL: urlTo(closedPort) }),
      failedStart({ DATABASE_URL: urlTo(closedPort), LOG_LEVEL: 'debug' }),
    ]);
    const line = `Cannot reach PostgreSQL at 127.0.0.1:${closedPort} (DATABASE_URL): is it running?`;
    expect(plain).toEqual({ code: 1, output: `${line}\n` });
    expect(debug.code).toBe(1);
    expect(debug.output).toContain(line);
    expect(debug.output).toMatch(STACK_LINE);
    expect(debug.output).not.toContain(PASSWORD);
  });

  it('names a missing database and a refused password in one line', async () => {
    const missing = await refusingPostgres('3D000', 'database "nowhere" does not exist');
    const refused = await refusingPostgres(
      '28P01',
      'password authentication failed for user "app"',
    );
    try {
      const [noDatabase, wrongPassword] = await Promise.all([
        failedStart({ DATABASE_URL: urlTo(missing.port, 'nowhere') }),
        failedStart({ DATABASE_URL: urlTo(refused.port) }),
      ]);
      expect(noDatabase).toEqual({
        code: 1,
        output:
          'Database "nowhere" does not exist: create it (createdb nowhere) or point DATABASE_URL at one that does\n',
      });
      expect(wrongPassword).toEqual({
        code: 1,
        output: `PostgreSQL at 127.0.0.1:${refused.port} refused the password of user "app": check the user name and password in DATABASE_URL\n`,
      });
    } finally {
      await Promise.all([closeServer(missing.server), closeServer(refused.server)]);
    }
  });

  it('names a port in use in one line, and leaves the data directory unlocked', async () => {
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const result = await failedStart({}, port);
      expect(result).toEqual({
        code: 1,
        output: `Port ${port} is in use: set PORT or stop the other process\n`,
      });
      expect(result.output).not.toMatch(STACK_LINE);
      expect(existsSync(path.join(dataDir, 'switchboard.lock'))).toBe(false);
    } finally {
      await closeServer(taken);
    }
  });
});
