import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import type { Database } from '../src/server/db/schema';
import type { Listen } from '../src/server/platform/database';

/**
 * The query plans of what routes run on PostgreSQL, taken from the real code rather than
 * copied SQL (which would drift): a second app (buildApp, engine off) on its own pool whose
 * Kysely logs every query it runs, each route requested once through `inject`, and each read
 * it ran — exact SQL and parameters — then run again under EXPLAIN (ANALYZE, BUFFERS), in a
 * read-only transaction that is rolled back. The session lookup every request makes is left
 * out; writes are never explained.
 */

export interface RouteToExplain {
  label: string;
  path: string;
}

export interface QueryPlan {
  route: string;
  path: string;
  /** 1-based, in the order the route ran its queries; `of` how many reads it ran. */
  index: number;
  of: number;
  sql: string;
  parameters: unknown[];
  /** The tables it reads, in order of appearance: which query of the route this is. */
  tables: string[];
  plan: string;
  planningMs: number;
  executionMs: number;
}

const DATE_OID = 1082;
const noListen: Listen = () => Promise.resolve(() => Promise.resolve());

const isRead = (statement: string) => /^\s*(select|with)\b/i.test(statement);

const tablesOf = (statement: string) => [
  ...new Set(
    [...statement.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)]
      .map((match) => match[1]!.toLowerCase())
      .filter((name) => !['lateral', 'select'].includes(name)),
  ),
];

export async function explainRoutes(options: {
  url: string;
  timeZone: string;
  username: string;
  password: string;
  routes: readonly RouteToExplain[];
}): Promise<QueryPlan[]> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 4,
    // As src/server/platform/database.ts: a date stays 'YYYY-MM-DD'.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  let captured: { sql: string; parameters: unknown[] }[] | undefined;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      if (captured && event.level === 'query') {
        captured.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
      }
    },
  });
  const app = await buildApp(
    testConfig({ databaseUrl: options.url, callCentreTimeZone: options.timeZone }),
    { db, engineDb: db, listen: noListen, kind: 'postgres' },
  );
  try {
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: options.username, password: options.password },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in: HTTP ${signIn.statusCode}`);
    const session = signIn.cookies.find((cookie) => cookie.name === 'switchboard_session');
    if (!session) throw new Error('sign-in set no session cookie');
    const cookie = `${session.name}=${session.value}`;

    const plans: QueryPlan[] = [];
    for (const route of options.routes) {
      captured = [];
      const response = await app.inject({ method: 'GET', url: route.path, headers: { cookie } });
      const queries = captured.filter(
        (query) => isRead(query.sql) && !query.sql.includes('auth_sessions'),
      );
      captured = undefined;
      if (response.statusCode !== 200) {
        throw new Error(`${route.path}: HTTP ${response.statusCode} ${response.body}`);
      }
      for (const [position, query] of queries.entries()) {
        plans.push({
          route: route.label,
          path: route.path,
          index: position + 1,
          of: queries.length,
          ...query,
          tables: tablesOf(query.sql),
          ...(await explain(pool, query.sql, query.parameters)),
        });
      }
    }
    return plans;
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS), twice (the second, warm run is kept), rolled back. */
async function explain(pool: pg.Pool, statement: string, parameters: unknown[]) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    let lines: string[] = [];
    for (let run = 0; run < 2; run++) {
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement}`,
        parameters,
      );
      lines = result.rows.map((row) => row['QUERY PLAN']);
    }
    const timing = (label: string) => {
      const line = lines.find((text) => text.startsWith(`${label}:`));
      return line ? Number(/([\d.]+) ms/.exec(line)?.[1] ?? NaN) : NaN;
    };
    return {
      plan: lines.join('\n'),
      planningMs: timing('Planning Time'),
      executionMs: timing('Execution Time'),
    };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/** The plans as Markdown: one collapsed section per query, SQL and parameters included. */
export function plansMarkdown(plans: readonly QueryPlan[], heading: string) {
  const sections = plans.map((plan) => {
    const summary =
      `<code>${plan.path}</code> — ${plan.route}, query ${plan.index} of ${plan.of} ` +
      `(${plan.tables.join(', ')}): ` +
      `execution ${plan.executionMs.toFixed(2)} ms, planning ${plan.planningMs.toFixed(2)} ms`;
    return [
      '<details>',
      `<summary>${summary}</summary>`,
      '',
      '```sql',
      plan.sql.replace(/\n\s*\n/g, '\n').trim(),
      '```',
      '',
      `Parameters: \`${JSON.stringify(plan.parameters)}\``,
      '',
      '```',
      plan.plan,
      '```',
      '',
      '</details>',
    ].join('\n');
  });
  return `${heading}\n\n${sections.join('\n\n')}\n`;
}
