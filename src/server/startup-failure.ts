import { ConfigError } from './config';
import { MigrationRefusedError } from './db/pre-baseline';
import { DataDirLockedError } from './platform/data-dir-lock';

/**
 * What a failed start prints: one line naming the cause and what to do, for the causes that
 * are the operator's to fix (a bad setting, a port taken, PostgreSQL unreachable or refusing).
 * Undefined for anything else: a fault in the server, whose stack is the report.
 */

interface ErrorFields {
  code?: unknown;
  syscall?: unknown;
  port?: unknown;
  address?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** Network failures on the way to PostgreSQL (Node's codes). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const NO_SUCH_HOST = new Set(['ENOTFOUND', 'EAI_AGAIN']);
/** What `pg` says when a connection closes or never comes (no code of its own). */
const DROPPED = /Connection terminated|timeout expired/i;

/** The error and the errors it was caused by, outermost first. */
function* causes(error: unknown) {
  for (let at = error, depth = 0; typeof at === 'object' && at !== null && depth < 5; depth++) {
    yield at as ErrorFields;
    at = (at as ErrorFields).cause;
  }
}

/** Where DATABASE_URL points, by its parts: the URL itself may hold a password. */
function postgresTarget(databaseUrl: string) {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
    const user = decodeURIComponent(url.username) || undefined;
    const database = decodeURIComponent(url.pathname.slice(1)) || user;
    return { where: `${host}:${url.port || '5432'}`, user, database };
  } catch {
    return { where: 'DATABASE_URL', user: undefined, database: undefined };
  }
}

function listenFailure(error: ErrorFields) {
  const port = typeof error.port === 'number' ? error.port : undefined;
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} is in use: set PORT or stop the other process`;
    case 'EACCES':
      return `Port ${port} needs privileges this user lacks: set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `HOST ${String(error.address)} is not an address of this machine: set HOST to one that is, or to 0.0.0.0 for all`;
    default:
      return undefined;
  }
}

function postgresFailure(error: ErrorFields, databaseUrl: string) {
  const { where, user, database } = postgresTarget(databaseUrl);
  const message = typeof error.message === 'string' ? error.message : '';
  if (typeof error.code === 'string' && UNREACHABLE.has(error.code)) {
    return `Cannot reach PostgreSQL at ${where} (DATABASE_URL): is it running?`;
  }
  if (typeof error.code === 'string' && NO_SUCH_HOST.has(error.code)) {
    return `Cannot reach PostgreSQL at ${where} (DATABASE_URL): no such host, check the host name`;
  }
  if (error.code === '3D000') {
    const name = /database "(.+)" does not exist/.exec(message)?.[1] ?? database;
    return `Database "${name}" does not exist: create it (createdb ${name}) or point DATABASE_URL at one that does`;
  }
  if (error.code === '28P01') {
    return `PostgreSQL at ${where} refused the password of user "${user}": check the user name and password in DATABASE_URL`;
  }
  if (error.code === '28000') {
    return `PostgreSQL at ${where} refused user "${user}" (${message}): check the user name in DATABASE_URL and the server's pg_hba.conf`;
  }
  if (error.code === undefined && DROPPED.test(message)) {
    return `Cannot reach PostgreSQL at ${where} (DATABASE_URL): is it running?`;
  }
  return undefined;
}

/**
 * The line for `error`, or undefined. `databaseUrl` is DATABASE_URL (PostgreSQL's errors are
 * told only when there is one); never printed whole, as it may hold a password.
 */
export function startupFailureLine(error: unknown, databaseUrl: string | undefined) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationRefusedError
  ) {
    return error.message;
  }
  for (const at of causes(error)) {
    const line =
      at.syscall === 'listen'
        ? listenFailure(at)
        : databaseUrl
          ? postgresFailure(at, databaseUrl)
          : undefined;
    if (line) return line;
  }
  return undefined;
}
