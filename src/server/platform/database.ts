import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { type CompiledQuery, Kysely, PostgresDialect, type QueryResult } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import path from 'node:path';
import type { Config } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { lockDataDir } from './data-dir-lock';

export type Db = Kysely<Database>;

/**
 * LISTEN on a channel: `onPayload` gets each NOTIFY payload, from any process on the
 * database; `onRelisten` is told when listening resumed after a lost connection (payloads
 * sent meanwhile are lost). Resolves once listening, with a function that stops.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onRelisten?: () => void,
) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Db;
  /**
   * The call engine's connection: on PostgreSQL one of its own, so its ticks (ring deadlines,
   * offers, the process's heartbeat) never queue behind request traffic for the pool; on
   * PGlite, which has a single connection, `db`.
   */
  engineDb: Db;
  kind: 'pglite' | 'postgres';
  listen: Listen;
  /** PGlite only: the engine, for dumps in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * The agent's hot path (a status change or call action runs several statements, hundreds of
 * times a second under load) and the call engine's claims and ring timeouts (every tick) as
 * named prepared statements on PostgreSQL, parsed and planned once per connection instead of
 * every time (planning the agent-state read costs more than running it). Opt-in by statement,
 * where a generic plan pays: the analytics reads are not, as a generic plan could not fit
 * their ranges, nor is the engine's search for eligible agents, whose generic plan is slower
 * than planning it each time. On PGlite this is a plain query.
 */
const preparedStatementNames = new Map<string, string>();
/** Each caller's SQL has a fixed shape; this bounds what a mistake could leave on a connection. */
const MAX_PREPARED_STATEMENTS = 100;

export function executePrepared<R>(db: Db, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (
    !preparedStatementNames.has(query.sql) &&
    preparedStatementNames.size < MAX_PREPARED_STATEMENTS
  ) {
    const digest = createHash('sha1').update(query.sql).digest('hex').slice(0, 20);
    preparedStatementNames.set(query.sql, `switchboard_${digest}`);
  }
  return db.executeQuery(query);
}

const DATE_OID = 1082;
/** A `date` is a calendar day, not an instant: keep it as 'YYYY-MM-DD' on both drivers. */
const keepAsText = (value: string) => value;

export interface OpenDatabaseOptions {
  /** postgres://… — a PostgreSQL server. */
  url?: string;
  /** PGlite's data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (fast test databases). */
  loadDataDir?: Blob;
  /** PostgreSQL only: told when the server drops an idle pooled connection. */
  onIdleConnectionError?: (error: Error) => void;
  /** PostgreSQL only: how long opening a connection may take before it fails (default 5 s). */
  connectTimeoutMs?: number;
}

/** How long opening a connection to the database server may take before the request fails. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const connectionTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    /**
     * A database server that does not answer a new connection fails the request (503) instead
     * of holding it. Set on the connection, not the pool, whose own timeout would also fail
     * requests queued for a busy pool's next free connection: under load that is a wait, and
     * the database is there.
     */
    class TimedClient extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis });
        // A connection lost while a request holds it (the pool listens only while it is idle)
        // fails that request's query; unheard, the 'error' event would end the process.
        this.on('error', () => undefined);
        // Kysely sends every statement as query(text, values): a text marked by
        // executePrepared goes as its named prepared statement.
        const query = this.query.bind(this) as (...args: unknown[]) => unknown;
        this.query = ((text: unknown, values?: unknown, callback?: unknown) => {
          const name = typeof text === 'string' ? preparedStatementNames.get(text) : undefined;
          return name ? query({ name, text, values }, callback) : query(text, values, callback);
        }) as typeof this.query;
      }
    }
    const kyselyOver = (max: number) => {
      const pool = new pg.Pool({
        connectionString: url,
        // No JIT: compiling costs a short read many times its run, and it starts wherever the
        // planner guesses 100 rows for a set-returning function (a batch of agents' states
        // from jsonb_to_recordset, most often one) and so a cost over `jit_above_cost`.
        options: '-c jit=off',
        max,
        Client: TimedClient,
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
            oid === DATE_OID
              ? keepAsText
              : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
        },
      });
      // An idle connection the server drops (restart, failover, admin kill) is an 'error'
      // event on the pool; unheard, it would crash the process. The pool replaces the
      // connection, and the next query that fails reports its own error.
      pool.on('error', (error) => options.onIdleConnectionError?.(error));
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    };
    const db = kyselyOver(10);
    const engineDb = kyselyOver(1);
    return {
      db,
      engineDb,
      kind: 'postgres',
      listen: postgresListen(url, options.onIdleConnectionError),
      close: async () => {
        await Promise.all([db.destroy(), engineDb.destroy()]);
      },
    };
  }

  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [DATE_OID]: keepAsText },
    // Trigram indexes (the Audit Log's search); PostgreSQL servers ship it as a contrib module.
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // Destroying the dialect closes PGlite, which flushes the data directory.
  return {
    db,
    engineDb: db,
    kind: 'pglite',
    pglite,
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: () => db.destroy(),
  };
}

const RELISTEN_DELAY_MS = { first: 500, max: 10_000 };

/**
 * LISTEN on its own PostgreSQL connection (a pooled one would be handed to other queries),
 * with TCP keepalive so a half-open connection errors. A lost connection is replaced with
 * backoff, and `onRelisten` lets the caller make up for what it missed meanwhile.
 */
function postgresListen(url: string, onError?: (error: Error) => void): Listen {
  return async (channel, onPayload, onRelisten) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let delay = RELISTEN_DELAY_MS.first;
    let retry: NodeJS.Timeout | undefined;

    const discard = (old: pg.Client) => {
      old.removeAllListeners();
      old.on('error', () => undefined);
      void old.end().catch(() => undefined);
    };
    const lose = (lost: pg.Client, error?: Error) => {
      if (lost !== client) return;
      if (error) onError?.(error);
      client = undefined;
      discard(lost);
      connectLater();
    };
    const connect = async () => {
      const next = new pg.Client({ connectionString: url, keepAlive: true });
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) {
          onPayload(message.payload);
        }
      });
      next.on('error', (error) => lose(next, error));
      next.on('end', () => lose(next));
      try {
        await next.connect();
        await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      } catch (error) {
        discard(next);
        throw error;
      }
      if (stopped) {
        discard(next);
        return;
      }
      client = next;
      delay = RELISTEN_DELAY_MS.first;
    };
    const connectLater = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        if (stopped) return;
        connect()
          .then(() => {
            if (client) onRelisten?.();
          })
          .catch((error: unknown) => {
            onError?.(error as Error);
            delay = Math.min(delay * 2, RELISTEN_DELAY_MS.max);
            connectLater();
          });
      }, delay);
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      if (client) discard(client);
      client = undefined;
    };
  };
}

/** True for PostgreSQL's unique-violation error on either driver (never use instanceof). */
export function uniqueViolation(error: unknown): { constraint: string | undefined } | undefined {
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '23505'
  ) {
    const { constraint } = error as { constraint?: string };
    return { constraint };
  }
  return undefined;
}

/** Network failures on the way to the database server (Node's error codes). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL shutting down, starting up or out of connections (SQLSTATE; class 08 too). */
const REFUSING = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` says when the connection drops or never comes (no code of its own). */
const DROPPED = /Connection terminated|timeout expired|not queryable/i;

/**
 * True when `error` (or an error it was caused by) means the database cannot be reached right
 * now — stopped, restarting, network down — rather than that the query was wrong: the request
 * may succeed later (503), and nothing about it is the client's fault.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at && depth < 5; depth++) {
    if (typeof at !== 'object') return false;
    const { code, message, cause } = at as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE.has(code) || REFUSING.has(code))) return true;
    if (typeof code === 'string' && code.startsWith('08') && code.length === 5) return true;
    if (typeof message === 'string' && DROPPED.test(message)) return true;
    at = cause;
  }
  return false;
}

/**
 * The database the configuration names, migrated and ready: PostgreSQL at DATABASE_URL, or
 * the embedded one under DATA_DIR — locked for this process, which `command` names to others.
 */
export async function openConfiguredDatabase(
  config: Config,
  command: string,
  onIdleConnectionError?: (error: Error) => void,
) {
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir, command);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, onIdleConnectionError }
        : { dataDir: path.join(config.dataDir, 'pgdata') },
    );
    await migrateToLatest(database.db);
    return {
      ...database,
      async close() {
        await database.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
