import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { RegisteredRoute } from '../app';
import type { Db } from '../platform/database';

/**
 * Hostile requests for every route, built from the route's own schemas:
 * its body, query and path keys with wrong types, missing and extra fields, huge strings, deep
 * nesting, unicode and control characters, SQL and HTML fragments, numbers at the edges,
 * malformed JSON and wrong content types.
 */

const fragments = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0007\u001b[31m',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '',
  ' ',
  '😀'.repeat(50),
  '\ud800',
];

/** Strings a server meets from an attacker (1 MB ones are left to the body: URLs cap them). */
const hostileText = fc.oneof(
  fc.constantFrom(...fragments),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u001f', '\u007f', '\u2028', "'", '"', '\\') }),
  fc.uuid(),
  fc.integer().map(String),
  fc.constantFrom('2026-02-30', '9999-99-99', '-1', '1e309', 'NaN', 'true', 'today', 'all'),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE),
);

const huge = fc.constantFrom('a'.repeat(1024 * 1024), 'é'.repeat(300_000), '1'.repeat(100_000));

/** Any JSON value, nested a few levels. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** 10,000 levels of nesting, as raw JSON text. */
const deepNesting = fc.constantFrom(
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
);

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '{"username": "a",}',
  "{'a': 1}",
  'NaN',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '\u0000',
  '[1, 2',
  '',
);

type AnySchema = z.ZodType & { shape?: Record<string, unknown> };

/** The keys of an object schema (also behind a refinement), none for anything else. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as AnySchema | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** An object with some of `keys` (hostile values) and maybe extra keys. */
function hostileObject(keys: string[], value: fc.Arbitrary<unknown>) {
  const known =
    keys.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...keys), value);
  return fc
    .tuple(known, fc.dictionary(hostileText, value, { maxKeys: 2 }))
    .map(([fields, extra]) => ({ ...extra, ...fields }));
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The raw body sent, if any. */
  payload?: string;
  /** What the server was sent, for checking a 2xx against the route's schemas. */
  sent: { params: Record<string, string>; query: Record<string, string>; body?: unknown };
}

const JSON_TYPE = 'application/json';

/** A hostile body for a route: mostly JSON near its schema, else junk and wrong types. */
function bodyFor(route: RegisteredRoute) {
  const keys = keysOf(route.schema?.body);
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((body) => ({ body, payload: JSON.stringify(body) ?? 'null', type: JSON_TYPE }));
  const raw = (text: fc.Arbitrary<string>, type: fc.Arbitrary<string>) =>
    fc.tuple(text, type).map(([payload, contentType]) => ({
      body: undefined as unknown,
      payload,
      type: contentType,
    }));
  return fc.oneof(
    { weight: 5, arbitrary: json(hostileObject(keys, hostileJson)) },
    { weight: 1, arbitrary: json(hostileObject(keys, huge)) },
    { weight: 2, arbitrary: json(hostileJson) },
    { weight: 1, arbitrary: raw(deepNesting, fc.constant(JSON_TYPE)) },
    { weight: 2, arbitrary: raw(malformedJson, fc.constant(JSON_TYPE)) },
    {
      weight: 1,
      arbitrary: raw(
        fc.constantFrom('username=a&password=b', '<xml/>', 'a'),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
        ),
      ),
    },
  );
}

/** Lone surrogates replaced, as a URL encoder must (encodeURIComponent throws on them). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/** A hostile request for `route`: path ids, query string and body (where it takes one). */
export function requestFor(route: RegisteredRoute): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const params = fc.tuple(
    ...paramNames.map(() => fc.oneof(hostileText, fc.uuid(), fc.string({ maxLength: 2000 }))),
  );
  const queryKeys = keysOf(route.schema?.querystring);
  const query = hostileObject(queryKeys, hostileText) as fc.Arbitrary<Record<string, string>>;
  const body = hasBody(route.method) ? fc.option(bodyFor(route), { freq: 8 }) : fc.constant(null);
  return fc.tuple(params, query, body).map(([values, rawQuery, sentBody]) => {
    const queryValues = Object.fromEntries(
      Object.entries(rawQuery).map(([key, value]) => [wellFormed(key), wellFormed(value)]),
    );
    const sentParams: Record<string, string> = {};
    let path = route.url;
    paramNames.forEach((name, index) => {
      const value = wellFormed(values[index] ?? '');
      sentParams[name] = value;
      path = path.replace(name === '*' ? '*' : `:${name}`, encodeURIComponent(value));
    });
    const search = new URLSearchParams(queryValues).toString();
    return {
      method: route.method,
      url: search ? `${path}?${search}` : path,
      headers: {
        ...(sentBody ? { 'content-type': sentBody.type } : {}),
      },
      ...(sentBody ? { payload: sentBody.payload } : {}),
      sent: { params: sentParams, query: queryValues, body: sentBody?.body },
    };
  });
}

/** Text that must never reach a client: a stack, SQL or the database's own words. */
const leaks = [
  /\n\s+at |node_modules|syntax error|relation "|violates|duplicate key|invalid byte sequence/i,
  /ZodError|TypeError|ReferenceError|Cannot read prop|PGlite|\bpg_(catalog|class|stat|proc)/,
  /\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|\bDELETE FROM\b/,
];

/**
 * What every answer to a hostile request must be: never a 5xx; a 4xx is
 * `{ error: { code, message } }` naming the field when the input was invalid; nothing leaks;
 * a 2xx only for input the route's schemas accept. Returns the problem, or undefined.
 */
export function problemWith(
  route: RegisteredRoute,
  request: FuzzRequest,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | undefined {
  const { statusCode, body } = response;
  if (statusCode >= 500) return `${statusCode}: ${body.slice(0, 300)}`;
  if (statusCode >= 400) {
    // (A 2xx may echo what was sent, SQL words and all.)
    if (leaks.some((leak) => leak.test(body))) return `leaks internals: ${body.slice(0, 300)}`;
    let error: { code?: unknown; message?: unknown; field?: unknown } | undefined;
    try {
      error = (JSON.parse(body) as { error?: typeof error }).error;
    } catch {
      return `${statusCode} without a JSON body: ${body.slice(0, 200)}`;
    }
    if (typeof error?.code !== 'string' || typeof error.message !== 'string' || !error.message)
      return `${statusCode} without { error: { code, message } }: ${body.slice(0, 200)}`;
    if (error.code === 'VALIDATION_FAILED' && (typeof error.field !== 'string' || !error.field))
      return `a validation error naming no field: ${body.slice(0, 200)}`;
    return undefined;
  }
  if (statusCode >= 200 && statusCode < 300) {
    const parts = [
      ['params', route.schema?.params, request.sent.params],
      ['querystring', route.schema?.querystring, request.sent.query],
      ['body', route.schema?.body, request.sent.body],
    ] as const;
    for (const [part, schema, value] of parts) {
      if (schema && !(schema as z.ZodType).safeParse(value).success)
        return `${statusCode} for a ${part} its schema rejects: ${JSON.stringify(value).slice(0, 200)}`;
    }
  }
  return undefined;
}

/**
 * Counts every row a request inserts, updates or deletes, by table, through row triggers in
 * the fuzz run's own database — except the session rows' last-seen time (any signed-in request
 * moves it), the failed-attempt log (the rate limiter's record of rejected sign-ins and
 * reset answers) and their audit entries, written by design. A rejected request must leave the count where it was.
 */
export async function watchWrites(db: Db) {
  await sql`CREATE TABLE fuzz_writes (tbl text PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Failed sign-ins and reset answers are audited on purpose.
      IF TG_TABLE_NAME = 'audit_log' THEN
        IF NEW.action LIKE '%\\_failed' THEN RETURN NULL; END IF;
      END IF;
      INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (tbl) DO UPDATE SET n = fuzz_writes.n + 1;
      RETURN NULL;
    END $$`.execute(db);
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT LIKE 'kysely_%' AND table_name NOT IN ('fuzz_writes', 'auth_attempts')`.execute(
    db,
  );
  for (const { name } of tables.rows) {
    const events = name === 'auth_sessions' ? 'INSERT OR DELETE' : 'INSERT OR UPDATE OR DELETE';
    await sql
      .raw(
        `CREATE TRIGGER fuzz_count_write AFTER ${events} ON ${name}
          FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
      )
      .execute(db);
  }
  return async () => {
    const rows = await sql<{ tbl: string; n: string }>`
      SELECT tbl, n::text FROM fuzz_writes ORDER BY tbl`.execute(db);
    return rows.rows.map((row) => `${row.tbl}:${row.n}`).join(' ');
  };
}
