import { sql } from 'kysely';
import { signIn, startAppOnData } from '../app-on-data';
import type { Benchmark, BenchResult, Target } from '../benchmark';
import type { BenchData } from '../data';
import { loadAverage } from '../machine';
import { seededRandom } from '../sim/random';
import { type Stats, measure } from '../stats';

/**
 * The admin portal's lists at scale: each list route through HTTP on the real server
 * (buildApp, in this process as analytics does), asked for a page searched, sorted and paged
 * as the portal asks — every sortable column both ways, a broad, a narrower and an exact
 * search (and none), pages from the first to past the last, every page size — once signed in
 * as the demo's super admin and once as a team's leading admin. A route's sortable columns
 * come from the server's own OpenAPI document, so a list converted later is measured as it
 * is; one that does not take the parameters yet is reported as such.
 */

const WARMUP = 5;
const ITERATIONS = 40;
/** The target, on PostgreSQL: a page of any list, searched and sorted, p95 (ms). */
const TARGET_P95_MS = 100;
/** `page` past any list's end: the server answers the last page. */
const PAST_THE_END = 1_000_000;
const PAGE_SIZES = [25, 50, 100] as const;
const PAGES = [1, 2, 5, PAST_THE_END] as const;

type SearchKind = 'people' | 'teams' | 'audit';

interface ListRoute {
  /** As the OpenAPI document names the path. */
  path: string;
  label: string;
  search: SearchKind;
}

const ROUTES: readonly ListRoute[] = [
  { path: '/api/employees', label: 'employees', search: 'people' },
  { path: '/api/admins', label: 'admins', search: 'people' },
  { path: '/api/teams', label: 'teams', search: 'teams' },
  { path: '/api/teams/{id}/members', label: "a team's members", search: 'people' },
  { path: '/api/teams/{id}/candidates', label: "a team's candidates", search: 'people' },
  { path: '/api/analytics/employees', label: 'employee cards', search: 'people' },
  { path: '/api/analytics/live', label: 'live floor', search: 'people' },
  { path: '/api/audit', label: 'audit log', search: 'audit' },
];

interface Persona {
  label: string;
  username: string;
  cookie: string;
}

interface RouteParameters {
  /** The `sort` enum's columns (without the '-' forms); empty when the route has no `sort`. */
  sortColumns: string[];
  takes: { search: boolean; page: boolean; pageSize: boolean };
}

interface ListsState {
  data: BenchData;
  close: () => Promise<void>;
  baseUrl: string;
  personas: Persona[];
  teamId: string;
  parameters: Map<string, RouteParameters | undefined>;
  searches: Record<SearchKind, string[]>;
  /** The audit entries setup added, by id, for teardown to take away. */
  addedAudit: { after: number; upTo: number; count: number };
}

/** Each list route's GET parameters, as the server's OpenAPI document describes them. */
async function readParameters(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json: HTTP ${response.status}`);
  const document = (await response.json()) as {
    paths: Record<string, { get?: { parameters?: OpenApiParameter[] } } | undefined>;
  };
  const found = new Map<string, RouteParameters | undefined>();
  for (const route of ROUTES) {
    const operation = document.paths[route.path]?.get;
    if (!operation) {
      found.set(route.path, undefined);
      continue;
    }
    const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const named = (name: string) => query.find((parameter) => parameter.name === name);
    const sortEnum = enumOf(named('sort')?.schema) ?? [];
    found.set(route.path, {
      sortColumns: sortEnum.filter((value) => !value.startsWith('-')),
      takes: {
        search: named('search') !== undefined,
        page: named('page') !== undefined,
        pageSize: named('pageSize') !== undefined,
      },
    });
  }
  return found;
}

interface OpenApiSchema {
  enum?: unknown[];
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}
interface OpenApiParameter {
  name: string;
  in: string;
  schema?: OpenApiSchema;
}

function enumOf(schema: OpenApiSchema | undefined): string[] | undefined {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum.filter((value): value is string => typeof value === 'string');
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = enumOf(part);
    if (found) return found;
  }
  return undefined;
}

/**
 * A realistic audit log for the demo's history: a sign-in and a sign-out for every working
 * day of every agent (the demo generates no audit entries). Marked by id range, taken away by
 * teardown: the run's data stays as other benchmarks expect it.
 */
async function addAuditHistory(data: BenchData) {
  const before = await sql<{
    id: string | null;
  }>`SELECT max(id)::text AS id FROM audit_log`.execute(data.db);
  const after = Number(before.rows[0]?.id ?? 0);
  const inserted = await sql`
    INSERT INTO audit_log (created_at, actor_id, actor_name, action, target_type, target_id,
      target_name, ip)
    SELECT e.at, u.id, u.username, e.action, 'user', u.id::text, u.username,
      '10.20.' || (abs(hashtext(u.username)) % 200) || '.' || (abs(hashtext(u.id::text)) % 250 + 1)
    FROM employee_sessions AS s
    JOIN users AS u ON u.id = s.user_id
    CROSS JOIN LATERAL (VALUES (s.session_start, 'auth.sign_in'), (s.session_end, 'auth.sign_out'))
      AS e(at, action)
    WHERE e.at IS NOT NULL
    ORDER BY e.at
  `.execute(data.db);
  const upTo = await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM audit_log`.execute(
    data.db,
  );
  await sql`ANALYZE audit_log`.execute(data.db);
  return {
    after,
    upTo: Number(upTo.rows[0]?.id ?? after),
    count: Number(inserted.numAffectedRows ?? 0),
  };
}

/** Searches from broad to exact, taken from the data: none, two fragments, a whole name. */
function searchesFor(data: BenchData): Record<SearchKind, string[]> {
  const team = data.summary.teams[0]!;
  const agent = team.agents[Math.min(3, team.agents.length - 1)] ?? team.leader;
  const firstName = agent.split('.')[0]!;
  const teamWord = team.name.split(/\s+/)[0]!.toLowerCase();
  return {
    people: ['', 'ar', firstName, agent],
    teams: ['', 'e', teamWord, team.name],
    audit: ['', 'sign', firstName, agent],
  };
}

/**
 * The requests of one route: every sort (each column, both ways) in turn, each with a search,
 * a page and a page size drawn from the lists above by a seeded generator — the same run asks
 * the same questions.
 */
function requestsFor(
  route: ListRoute,
  parameters: RouteParameters | undefined,
  searches: string[],
  teamId: string,
  count: number,
) {
  const seed = [...route.path].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const sorts = (parameters?.sortColumns.length ? parameters.sortColumns : ['username']).flatMap(
    (column) => [column, `-${column}`],
  );
  const base = route.path.replace('{id}', teamId);
  return Array.from({ length: count }, (_, index) => {
    const query = new URLSearchParams();
    const search = pick(searches);
    if (search) query.set('search', search);
    query.set('sort', sorts[index % sorts.length]!);
    query.set('page', String(pick(PAGES)));
    query.set('pageSize', String(pick(PAGE_SIZES)));
    return `${base}?${query.toString()}`;
  });
}

interface ListBody {
  total?: unknown;
  matching?: unknown;
  page?: unknown;
}

export const lists: Benchmark<ListsState> = {
  name: 'lists',
  title: 'list pages searched, sorted and paged through HTTP (real server), two admins',
  scales: ['small', 'medium', 'large'],

  async setup(context) {
    const data = await context.data();
    const { app, port, baseUrl } = await startAppOnData(context, data);
    try {
      const team = data.summary.teams[0]!;
      context.log(
        `server on :${port}; signing in as ${data.summary.superAdmin} and ${team.leader}…`,
      );
      const personas: Persona[] = [
        {
          label: 'super admin',
          username: data.summary.superAdmin,
          cookie: await signIn(baseUrl, data.summary.superAdmin, data.summary.password),
        },
        {
          label: 'team admin',
          username: team.leader,
          cookie: await signIn(baseUrl, team.leader, data.summary.password),
        },
      ];
      const leader = await data.db
        .selectFrom('users')
        .select('team_id')
        .where('username', '=', team.leader)
        .executeTakeFirstOrThrow();
      if (!leader.team_id) throw new Error(`${team.leader} leads no team`);

      const parameters = await readParameters(baseUrl);
      // Last in setup: teardown, which takes the entries away, follows only a setup that ended.
      context.log('adding a sign-in and a sign-out per shift to the audit log…');
      const addedAudit = await addAuditHistory(data);
      context.log(`${addedAudit.count.toLocaleString('en-US')} audit entries added`);
      return {
        data,
        close: async () => {
          await app.close();
        },
        baseUrl,
        personas,
        teamId: leader.team_id,
        parameters,
        searches: searchesFor(data),
        addedAudit,
      };
    } catch (error) {
      await app.close();
      throw error;
    }
  },

  async run(context, state) {
    const isPostgres = state.data.kind === 'postgres';
    const target: { target?: Target } = isPostgres
      ? { target: { atMost: TARGET_P95_MS, stat: 'p95' } }
      : {};
    const results: BenchResult[] = [];
    const loadBefore = loadAverage().join(' ');

    const get = async (persona: Persona, url: string) => {
      const response = await fetch(`${state.baseUrl}${url}`, {
        headers: { cookie: persona.cookie },
      });
      return { status: response.status, body: await response.text() };
    };

    const reference = await measure(() => get(state.personas[0]!, '/api/me/profile'), {
      warmup: WARMUP,
      iterations: ITERATIONS,
    });
    results.push({
      kind: 'latency',
      name: 'reference: GET /api/me/profile',
      stats: reference,
      note:
        "the lightest signed-in read: this process's floor for a request through HTTP; load " +
        `average as the lists began: ${loadBefore}`,
    });

    for (const route of ROUTES) {
      const parameters = state.parameters.get(route.path);
      for (const persona of state.personas) {
        const name = `${route.label} (${persona.label}): GET ${route.path}`;
        const requests = requestsFor(
          route,
          parameters,
          state.searches[route.search],
          state.teamId,
          WARMUP + ITERATIONS,
        );
        const probe = await get(persona, requests[0]!);
        if (probe.status === 403) {
          context.log(`${name}: 403, not this admin's list`);
          continue;
        }
        if (probe.status !== 200) {
          context.log(`${name}: HTTP ${probe.status}`);
          results.push({
            kind: 'value',
            name,
            value: probe.status,
            unit: 'HTTP',
            note: `${requests[0]} answered ${probe.status}: ${probe.body.slice(0, 200)}`,
          });
          continue;
        }
        context.log(`${name}: ${WARMUP} warm-up + ${ITERATIONS}…`);
        let failed: string | undefined;
        const bodies: ListBody[] = [];
        const stats: Stats = await measure(
          async (index) => {
            const answer = await get(persona, requests[index]!);
            if (answer.status !== 200) failed ??= `${requests[index]}: HTTP ${answer.status}`;
            else if (index < WARMUP) bodies.push(JSON.parse(answer.body) as ListBody);
          },
          { warmup: WARMUP, iterations: ITERATIONS },
        );
        const sample = bodies.find((body) => typeof body.total === 'number');
        const takes = parameters
          ? [
              ...(parameters.sortColumns.length ? ['sort'] : []),
              ...Object.entries(parameters.takes)
                .filter(([, isTaken]) => isTaken)
                .map(([parameter]) => parameter),
            ]
          : [];
        const isConverted = takes.length === 4 && sample !== undefined;
        const scope = sample ? `${String(sample.total)} rows in scope` : 'no `total` in the answer';
        const failure = failed ? `; FAILED: ${failed}` : '';
        results.push({
          kind: 'latency',
          name,
          stats,
          ...(isConverted ? target : {}),
          note: isConverted
            ? `${scope}; sorts ${parameters!.sortColumns.join(', ')} (both ways), searches ` +
              `${JSON.stringify(state.searches[route.search])}, pages ${PAGES.join(', ')} (the ` +
              `last past the end), sizes ${PAGE_SIZES.join('/')}${failure}` +
              (isPostgres ? '' : "; the target is PostgreSQL's, not set here")
            : `NOT CONVERTED: the route takes ${
                takes.join(', ') || 'none of search, sort, page, ' + 'pageSize'
              } and ignores the rest; ${scope}${failure}`,
        });
      }
    }
    return results;
  },

  async teardown(_context, state) {
    try {
      await state.close();
    } finally {
      const { after, upTo } = state.addedAudit;
      if (upTo > after) {
        await sql`DELETE FROM audit_log WHERE id > ${after} AND id <= ${upTo}`.execute(
          state.data.db,
        );
      }
    }
  },
};
