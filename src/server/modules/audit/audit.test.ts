import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuditAction, auditActionLabels, auditActions } from '../../../shared/audit';
import { auditLogPageSchema } from '../../../shared/schemas/audit';
import {
  DEFAULT_ANSWER,
  DEFAULT_PASSWORD,
  joinTeam,
  newAdmin,
  newEmployee,
  newSuperAdmin,
  newTeam,
} from '../../test/factories';
import { type Method, signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { recordAudit } from './audit.service';

const t = await createTestApp();
/** A log of its own: which way a page is read depends on how much of the whole log matches. */
const ownLog = await createTestApp();
const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

const boss = await newSuperAdmin(t.db, { username: unique('boss') });
const { cookie: bossCookie } = await signInAs(t, boss);

function request(
  method: Method,
  url: string,
  options: { payload?: object; cookie?: string | null; ip?: string } = {},
) {
  const cookie = options.cookie === undefined ? bossCookie : options.cookie;
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.payload ? { payload: options.payload } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

interface Page {
  entries: {
    id: string;
    created_at: string;
    actor_name: string | null;
    action: string;
    target_name: string | null;
    ip: string | null;
  }[];
  timeZone: string;
  total: number;
  matching: number;
  page: number;
  pageSize: number;
}
async function auditPage(query: string) {
  const response = await request('GET', `/api/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

/** An entry written straight to the log, as a service would, at a given moment. */
function logged(at: string, entry: { actor?: string; action?: AuditAction; target?: string }) {
  return recordAudit(t.db, {
    action: entry.action ?? 'team.updated',
    actor: { id: boss.id, username: entry.actor ?? 'someone' },
    target: { type: 'team', id: null, name: entry.target ?? null },
    ip: '198.51.100.1',
    at: new Date(at),
  });
}

describe('GET /api/audit: filters', () => {
  it('searches the actor, the target and the action, any case, wildcards literally', async () => {
    const marker = unique('srch');
    await logged('2026-01-10T12:00:00Z', { actor: `${marker}_Actor`, target: 'x' });
    await logged('2026-01-10T12:00:01Z', { actor: 'y', target: `${marker}_Target` });
    await logged('2026-01-10T12:00:02Z', { actor: `${marker}%`, target: 'z' });
    const names = (page: Page) => page.entries.map((e) => `${e.actor_name}/${e.target_name}`);

    expect(names(await auditPage(`search=${marker.toUpperCase()}`))).toEqual([
      `${marker}%/z`,
      `y/${marker}_Target`,
      `${marker}_Actor/x`,
    ]);
    // '%' and '_' are text, not LIKE wildcards.
    expect(names(await auditPage(`search=${encodeURIComponent(`${marker}%`)}`))).toEqual([
      `${marker}%/z`,
    ]);
    expect((await auditPage(`search=${marker.replace(/.$/, '_')}`)).entries).toEqual([]);
  });

  it('matches an action by its code or by its words', async () => {
    const actor = unique('acts');
    await logged('2026-01-11T12:00:00Z', { actor, action: 'admin.deleted', target: 'gone' });
    await logged('2026-01-11T12:00:01Z', { actor, action: 'team.created', target: 'new' });
    const byCode = await auditPage(`search=admin.deleted`);
    expect(byCode.entries.filter((e) => e.actor_name === actor).map((e) => e.action)).toEqual([
      'admin.deleted',
    ]);
    const byWords = await auditPage(`search=${encodeURIComponent('deleted ADMIN')}`);
    expect(byWords.entries.filter((e) => e.actor_name === actor).map((e) => e.action)).toEqual([
      'admin.deleted',
    ]);
  });

  it('exports every action in its words, and finds each by them', async () => {
    const actor = unique('words');
    for (const [index, action] of auditActions.entries()) {
      await logged(`2026-01-12T12:00:${String(index).padStart(2, '0')}Z`, { actor, action });
    }
    const csv = await request('GET', `/api/audit/export.csv?search=${actor}`);
    expect(csv.statusCode).toBe(200);
    // Time, Actor, Action (words), Action Code, …: no word in the labels needs CSV quoting.
    const wordsByCode = new Map(
      csv.body
        .slice(1)
        .split('\r\n')
        .slice(1, -1)
        .map((row) => {
          const [, , words, code] = row.split(',');
          return [code, words];
        }),
    );
    expect([...wordsByCode.keys()].sort()).toEqual([...auditActions].sort());
    for (const action of auditActions) {
      const words = wordsByCode.get(action);
      expect(words, action).toBe(auditActionLabels[action]);
      expect(words, action).not.toBe(action);
      const found = await auditPage(`search=${encodeURIComponent(words!.toUpperCase())}`);
      expect(
        found.entries.filter((e) => e.actor_name === actor).map((e) => e.action),
        action,
      ).toContain(action);
    }
  });

  it("takes days in the call centre's zone, both included, either side open", async () => {
    const actor = unique('days');
    // New York in January is UTC-5: Jan 15 runs from 05:00Z to the next day's 05:00Z.
    await logged('2026-01-15T04:59:59Z', { actor, target: 'jan14-late' });
    await logged('2026-01-15T05:00:00Z', { actor, target: 'jan15-first' });
    await logged('2026-01-16T04:59:59Z', { actor, target: 'jan15-last' });
    await logged('2026-01-16T05:00:00Z', { actor, target: 'jan16-first' });
    const targets = async (days: string) =>
      (await auditPage(`search=${actor}&${days}`)).entries.map((e) => e.target_name);

    expect(await targets('from=2026-01-15&to=2026-01-15')).toEqual(['jan15-last', 'jan15-first']);
    expect(await targets('from=2026-01-15')).toEqual(['jan16-first', 'jan15-last', 'jan15-first']);
    expect(await targets('to=2026-01-14')).toEqual(['jan14-late']);
    const page = await auditPage(`search=${actor}`);
    expect(page.timeZone).toBe('America/New_York');
    expect(page.entries).toHaveLength(4);
  });

  it.each([
    ['from=2026-02-30', 'querystring.from', 'Must be a date YYYY-MM-DD'],
    ['to=tomorrow', 'querystring.to', 'Must be a date YYYY-MM-DD'],
    ['to=9999-12-31', 'querystring.to', 'Must be a date from 1900-01-01 to 9999-12-30'],
    ['from=0001-01-01', 'querystring.from', 'Must be a date from 1900-01-01 to 9999-12-30'],
    [
      'from=2026-01-02&to=2026-01-01',
      'querystring.from',
      'The start date must not be after the end date',
    ],
    ['page=0', 'querystring.page', 'Must be at least 1'],
    ['page=ten', 'querystring.page', 'Must be a whole number'],
    ['pageSize=500', 'querystring.pageSize', 'Must be one of 25, 50, 100'],
    ['sort=ip', 'querystring.sort', 'Must be a column (when, actor, action, target)'],
    ['sort=-', 'querystring.sort', 'Must be a column'],
    [`search=${'a'.repeat(101)}`, 'querystring.search', 'Search must be at most 100 characters'],
  ])('answers ?%s with 400 naming %s', async (query, field, message) => {
    for (const url of [`/api/audit?${query}`, `/api/audit/export.csv?${query}`]) {
      if (url.includes('export') && /page|sort/.test(query)) continue; // list-only
      const response = await request('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.field).toBe(field);
      expect(response.json().error.message).toContain(message);
    }
  });
});

describe('GET /api/audit: pages, sorts and counts', () => {
  it('pages newest first, and answers the last page for one past it', async () => {
    const actor = unique('page');
    await t.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          action: 'team.updated',
          actor_name: actor,
          target_name: `entry-${i + 1}`,
          created_at: new Date(Date.UTC(2026, 1, 2, 0, 0, i)),
        })),
      )
      .execute();
    const targets = (page: Page) => page.entries.map((e) => e.target_name);

    const first = await auditPage(`search=${actor}&pageSize=25`);
    expect(first).toMatchObject({ matching: 30, page: 1, pageSize: 25 });
    expect(targets(first).slice(0, 2)).toEqual(['entry-30', 'entry-29']);
    expect(targets(first)).toHaveLength(25);
    const second = await auditPage(`search=${actor}&pageSize=25&page=2`);
    expect(targets(second)).toEqual(['entry-5', 'entry-4', 'entry-3', 'entry-2', 'entry-1']);
    const past = await auditPage(`search=${actor}&pageSize=25&page=7`);
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(past.entries).toEqual(second.entries);
    // 50 a page unless asked.
    expect((await auditPage(`search=${actor}`)).entries).toHaveLength(30);
  });

  it('orders entries of one moment by id, the same way as the time', async () => {
    const actor = unique('tie');
    for (const target of ['first', 'second', 'third']) {
      await logged('2026-02-03T10:00:00Z', { actor, target });
    }
    const targets = async (query: string) =>
      (await auditPage(`search=${actor}${query}`)).entries.map((e) => e.target_name);
    expect(await targets('')).toEqual(['third', 'second', 'first']);
    expect(await targets('&sort=-when')).toEqual(['third', 'second', 'first']);
    expect(await targets('&sort=when')).toEqual(['first', 'second', 'third']);
  });

  it.each([
    ['when', 'bac', 'cab'],
    ['actor', 'abc', 'cba'],
    // By the code: admin.deleted, employee.updated, team.created.
    ['action', 'acb', 'bca'],
    // Any case; an entry without a target after either way.
    ['target', 'abc', 'bac'],
  ])('sorts by %s both ways', async (column, ascending, descending) => {
    const marker = unique('sort');
    await logged('2026-02-04T10:00:01Z', {
      actor: `${marker}_b`,
      action: 'team.created',
      target: 'Zed',
    });
    await logged('2026-02-04T10:00:02Z', {
      actor: `${marker}_a`,
      action: 'admin.deleted',
      target: 'yak',
    });
    await recordAudit(t.db, {
      action: 'employee.updated',
      actor: { id: boss.id, username: `${marker}_c` },
      at: new Date('2026-02-04T10:00:03Z'),
    });
    const actors = async (sort: string) =>
      (await auditPage(`search=${marker}&sort=${sort}`)).entries
        .map((e) => e.actor_name!.slice(-1))
        .join('');
    expect(await actors(column)).toBe(ascending);
    expect(await actors(`-${column}`)).toBe(descending);
  });

  it('reads a page in the second half from the end, in the same order as from the start', async () => {
    const admin = await newSuperAdmin(ownLog.db, { username: unique('ends') });
    const { cookie } = await signInAs(ownLog, admin);
    // Ties of one moment, targets of any case and none, several actions, out of time order;
    // a tenth of them with a needle in the target.
    const actions: AuditAction[] = ['team.updated', 'admin.deleted', 'employee.updated'];
    await ownLog.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          action: actions[i % 3]!,
          actor_name: `${'cab'[i % 3]}${i % 5}`,
          target_name:
            i % 10 === 0
              ? `needle ${i % 7}`
              : i % 4 === 0
                ? null
                : `${i % 2 ? 'T' : 't'}arget ${i % 7}`,
          created_at: new Date(Date.UTC(2026, 1, 8, 0, 0, (i * 7) % 11)),
        })),
      )
      .execute();
    const ids = async (query: string) => {
      const response = await ownLog.app.inject({
        method: 'GET',
        url: `/api/audit?${query}`,
        headers: { cookie },
      });
      return response.json<Page>().entries.map((e) => e.id);
    };
    const pages = async (query: string, size: number, count: number) => {
      const all: string[] = [];
      for (let page = 1; page <= count; page += 1) {
        all.push(...(await ids(`${query}&pageSize=${size}&page=${page}`)));
      }
      return all;
    };
    for (const sort of ['when', 'actor', 'action', 'target']) {
      for (const order of [sort, `-${sort}`]) {
        // All 301 (the sign-in too), read along an index: pages of 100 (the third and fourth
        // from the end) and of 25 (the seventh on from the end).
        const whole = await pages(`sort=${order}`, 100, 4);
        expect(new Set(whole).size, order).toBe(301);
        expect(await pages(`sort=${order}`, 25, 13), order).toEqual(whole);
        // The 30 with a needle, found first: the second page of 25 from the end.
        const needles = await ids(`sort=${order}&search=needle&pageSize=100`);
        expect(needles).toHaveLength(30);
        expect(await pages(`sort=${order}&search=needle`, 25, 2), order).toEqual(needles);
        expect(needles, order).toEqual(whole.filter((id) => needles.includes(id)));
      }
    }
  });

  it('counts every entry as total, and those the search and days keep as matching', async () => {
    const actor = unique('count');
    await logged('2026-02-05T12:00:00Z', { actor });
    await logged('2026-02-06T12:00:00Z', { actor });
    await logged('2026-02-07T12:00:00Z', { actor });
    const all = await auditPage('');
    const { count } = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(all).toMatchObject({ total: Number(count), matching: Number(count) });
    expect(await auditPage(`search=${actor}`)).toMatchObject({ total: all.total, matching: 3 });
    expect(await auditPage(`search=${actor}&from=2026-02-06&to=2026-02-06`)).toMatchObject({
      total: all.total,
      matching: 1,
    });
    const days = await auditPage('from=2026-02-06&to=2026-02-07');
    expect(days.total).toBe(all.total);
    expect(days.matching).toBeGreaterThanOrEqual(2);
    expect(days.entries.every((e) => e.created_at >= '2026-02-06T05:00:00.000Z')).toBe(true);
    // Nothing matching still says how long the log is.
    expect(await auditPage(`search=${unique('none')}`)).toMatchObject({
      entries: [],
      total: all.total,
      matching: 0,
      page: 1,
    });
  });

  it('is for super admins only', async () => {
    const admin = await newAdmin(t.db);
    for (const cookie of [(await signInAs(t, admin)).cookie, null]) {
      const response = await request('GET', '/api/audit', { cookie });
      expect(response.statusCode).toBe(cookie ? 403 : 401);
    }
  });

  it('answers with exactly its schema: no extra field, every type right', async () => {
    const response = await request('GET', '/api/audit?pageSize=25');
    expect(response.json()).toEqual(auditLogPageSchema.parse(response.json()));
  });
});

describe('GET /api/audit/export.csv', () => {
  it('writes the filtered log as CSV: BOM, CRLF, local times, formula-safe cells', async () => {
    const actor = unique('csv');
    await logged('2026-03-01T15:30:00Z', { actor, target: '=HYPERLINK("http://x","y")' });
    await logged('2026-03-02T16:00:00Z', { actor, target: 'plain, with comma' });
    await logged('2026-04-01T16:00:00Z', { actor, target: 'outside the range' });
    const response = await request(
      'GET',
      `/api/audit/export.csv?search=${actor}&from=2026-03-01&to=2026-03-31`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-audit-2026-03-01_2026-03-31.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Time (America/New_York),Actor,Action,Action Code,Target Type,Target,Target ID,Address,Details',
      `2026-03-02T11:00:00-05:00,${actor},Edited team,team.updated,team,"plain, with comma",,198.51.100.1,`,
      `2026-03-01T10:30:00-05:00,${actor},Edited team,team.updated,team,"'=HYPERLINK(""http://x"",""y"")",,198.51.100.1,`,
      '',
    ]);
  });

  it('names the file after the days asked for, or all time', async () => {
    const fileName = async (query: string) =>
      (await request('GET', `/api/audit/export.csv${query}`)).headers['content-disposition'];
    expect(await fileName('')).toBe('attachment; filename="switchboard-audit-all-time.csv"');
    expect(await fileName('?from=2026-11-01')).toBe(
      'attachment; filename="switchboard-audit-from-2026-11-01.csv"',
    );
    expect(await fileName('?to=2026-11-21')).toBe(
      'attachment; filename="switchboard-audit-until-2026-11-21.csv"',
    );
  });

  it('writes a log longer than one read batch whole, newest first', async () => {
    const actor = unique('long');
    await t.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 4500 }, (_, i) => ({
          action: 'team.updated',
          actor_name: actor,
          target_name: `n${i}`,
          created_at: new Date(Date.UTC(2026, 4, 1, 0, 0, 0, i)),
        })),
      )
      .execute();
    const response = await request('GET', `/api/audit/export.csv?search=${actor}`);
    const rows = response.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(4500);
    expect(rows[0]).toContain(',n4499,');
    expect(rows.at(-1)).toContain(',n0,');
  });
});

/**
 * Every admin-side change is audited — who, what, when, target, address — in the
 * same transaction as the change. Each change is made through HTTP twice: first while the
 * audit log refuses every insert (the change must fail and leave no trace: the record and the
 * change are one transaction), then normally (the change lands with its entry).
 */
describe('every admin-side change is audited with the change', () => {
  const tablesOfChanges = [
    'users',
    'teams',
    'team_members',
    'employee_info',
    'password_reset_tokens',
    'call_logs',
  ] as const;

  /** A fingerprint of everything a change could touch. */
  async function snapshot() {
    const parts: string[] = [];
    for (const table of tablesOfChanges) {
      const { rows } = await sql<{ digest: string | null }>`
        SELECT md5(string_agg(row_text, '|' ORDER BY row_text)) AS digest
        FROM (SELECT t::text AS row_text FROM ${sql.table(table)} t) rows`.execute(t.db);
      parts.push(`${table}:${rows[0]?.digest ?? ''}`);
    }
    const sessions = await t.db.selectFrom('auth_sessions').select('id').orderBy('id').execute();
    parts.push(`sessions:${sessions.map((s) => s.id).join(',')}`);
    return parts.join('\n');
  }

  async function refuseAuditInserts(isRefused: boolean) {
    if (isRefused) {
      await sql`CREATE OR REPLACE FUNCTION audit_refused() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`.execute(t.db);
      await sql`CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_refused()`.execute(t.db);
    } else {
      await sql`DROP TRIGGER IF EXISTS audit_refused ON audit_log`.execute(t.db);
    }
  }
  afterEach(() => refuseAuditInserts(false));

  interface Change {
    /** What the change is, as the test names it. */
    name: string;
    action: AuditAction;
    /** Sets up what the change needs; returns the request and the entry it should write. */
    prepare: () => Promise<{
      method: Method;
      url: string;
      payload?: object;
      /** Who makes it: the super admin unless said otherwise (null: not signed in). */
      cookie?: string | null;
      actor: { id: string; username: string };
      target: { type: string; id: string; name: string };
      details?: Record<string, unknown>;
    }>;
  }

  const bossActor = { id: boss.id, username: boss.username };
  const userTarget = (user: { id: string; username: string }, name = user.username) => ({
    type: 'user',
    id: user.id,
    name,
  });

  async function teamWithMember(role: 'member' | 'team_leader') {
    const team = await newTeam(t.db, { name: unique('team') });
    const employee = await newEmployee(t.db);
    const { id: memberId } = await joinTeam(t.db, team, employee, role);
    return { team, employee, memberId };
  }

  const changes: Change[] = [
    {
      name: 'register an employee',
      action: 'employee.registered',
      prepare: async () => {
        const team = await newTeam(t.db, { name: unique('team') });
        const username = unique('new_agent');
        return {
          method: 'POST',
          url: '/api/employees',
          payload: {
            username,
            password: 'agent-pass',
            confirmPassword: 'agent-pass',
            teamId: team.id,
          },
          actor: bossActor,
          // The new user's id is only known once it exists; checked by name.
          target: { type: 'user', id: '', name: username },
        };
      },
    },
    {
      name: 'edit an employee',
      action: 'employee.updated',
      prepare: async () => {
        const employee = await newEmployee(t.db);
        const username = unique('renamed');
        return {
          method: 'PATCH',
          url: `/api/employees/${employee.id}`,
          payload: { username },
          actor: bossActor,
          target: userTarget(employee, username),
          details: { renamedFrom: employee.username, passwordChanged: false },
        };
      },
    },
    {
      name: "set an employee's password",
      action: 'employee.password_reset',
      prepare: async () => {
        const employee = await newEmployee(t.db);
        return {
          method: 'PATCH',
          url: `/api/employees/${employee.id}`,
          payload: { username: employee.username, password: 'fresh-pass' },
          actor: bossActor,
          target: userTarget(employee),
        };
      },
    },
    {
      name: 'delete an employee (the Employees page and the Analytics page: one endpoint)',
      action: 'employee.deleted',
      prepare: async () => {
        const employee = await newEmployee(t.db);
        await t.db
          .insertInto('call_logs')
          .values({
            user_id: employee.id,
            call_type: 'inbound',
            call_status: 'answered',
            phone_number: '5551234567',
            time_received: new Date('2026-03-01T15:00:00Z'),
            answered_at: new Date('2026-03-01T15:00:05Z'),
            ended_at: new Date('2026-03-01T15:01:05Z'),
            duration_seconds: 60,
          })
          .execute();
        return {
          method: 'DELETE',
          url: `/api/employees/${employee.id}`,
          actor: bossActor,
          target: userTarget(employee),
        };
      },
    },
    {
      name: 'register (add) an admin',
      action: 'admin.created',
      prepare: async () => {
        const username = unique('new_admin');
        return {
          method: 'POST',
          url: '/api/admins',
          payload: {
            username,
            password: 'admin-pass',
            confirmPassword: 'admin-pass',
            securityQuestion: 'What is your favorite book?',
            securityAnswer: 'Dune',
          },
          actor: bossActor,
          target: { type: 'user', id: '', name: username },
        };
      },
    },
    {
      name: 'edit an admin',
      action: 'admin.updated',
      prepare: async () => {
        const admin = await newAdmin(t.db);
        const username = unique('renamed_admin');
        return {
          method: 'PATCH',
          url: `/api/admins/${admin.id}`,
          payload: { username },
          actor: bossActor,
          target: userTarget(admin, username),
          details: { renamedFrom: admin.username, passwordChanged: false },
        };
      },
    },
    {
      name: "set an admin's password",
      action: 'admin.password_reset',
      prepare: async () => {
        const admin = await newAdmin(t.db);
        return {
          method: 'PATCH',
          url: `/api/admins/${admin.id}`,
          payload: { username: admin.username, password: 'fresh-pass' },
          actor: bossActor,
          target: userTarget(admin),
        };
      },
    },
    {
      name: 'delete an admin',
      action: 'admin.deleted',
      prepare: async () => {
        const admin = await newAdmin(t.db);
        return {
          method: 'DELETE',
          url: `/api/admins/${admin.id}`,
          actor: bossActor,
          target: userTarget(admin),
        };
      },
    },
    {
      name: 'create a team',
      action: 'team.created',
      prepare: async () => {
        const name = unique('created_team');
        return {
          method: 'POST',
          url: '/api/teams',
          payload: { name, description: 'Evening shift' },
          actor: bossActor,
          target: { type: 'team', id: '', name },
        };
      },
    },
    {
      name: 'edit a team',
      action: 'team.updated',
      prepare: async () => {
        const team = await newTeam(t.db, { name: unique('team') });
        const name = unique('renamed_team');
        return {
          method: 'PATCH',
          url: `/api/teams/${team.id}`,
          payload: { name, description: 'Renamed' },
          actor: bossActor,
          target: { type: 'team', id: team.id, name },
        };
      },
    },
    {
      name: 'delete a team',
      action: 'team.deleted',
      prepare: async () => {
        const { team } = await teamWithMember('member');
        return {
          method: 'DELETE',
          url: `/api/teams/${team.id}`,
          actor: bossActor,
          target: { type: 'team', id: team.id, name: team.name },
          details: { memberCount: 1 },
        };
      },
    },
    {
      name: 'add a team member',
      action: 'team.member_added',
      prepare: async () => {
        const team = await newTeam(t.db, { name: unique('team') });
        const employee = await newEmployee(t.db);
        return {
          method: 'POST',
          url: `/api/teams/${team.id}/members`,
          payload: { userId: employee.id, role: 'member' },
          actor: bossActor,
          target: userTarget(employee),
        };
      },
    },
    {
      name: 'promote a member (by the team leader)',
      action: 'team.member_role_changed',
      prepare: async () => {
        const { team, employee, memberId } = await teamWithMember('member');
        const leader = await newAdmin(t.db);
        await joinTeam(t.db, team, leader, 'team_leader');
        return {
          method: 'PATCH',
          url: `/api/teams/${team.id}/members/${memberId}`,
          payload: { role: 'team_leader' },
          cookie: (await signInAs(t, leader)).cookie,
          actor: { id: leader.id, username: leader.username },
          target: userTarget(employee),
          details: { teamId: team.id, from: 'member', to: 'team_leader' },
        };
      },
    },
    {
      name: 'demote a leader',
      action: 'team.member_role_changed',
      prepare: async () => {
        const { team, employee, memberId } = await teamWithMember('team_leader');
        return {
          method: 'PATCH',
          url: `/api/teams/${team.id}/members/${memberId}`,
          payload: { role: 'member' },
          actor: bossActor,
          target: userTarget(employee),
          details: { teamId: team.id, from: 'team_leader', to: 'member' },
        };
      },
    },
    {
      name: 'remove a team member',
      action: 'team.member_removed',
      prepare: async () => {
        const { team, employee, memberId } = await teamWithMember('member');
        return {
          method: 'DELETE',
          url: `/api/teams/${team.id}/members/${memberId}`,
          actor: bossActor,
          target: userTarget(employee),
        };
      },
    },
    {
      name: 'reset a password with the security question (self-service)',
      action: 'auth.reset_completed',
      prepare: async () => {
        const admin = await newAdmin(t.db);
        const answered = await request('POST', '/api/auth/reset/answer', {
          payload: { username: admin.username, answer: DEFAULT_ANSWER },
          cookie: null,
        });
        expect(answered.statusCode).toBe(200);
        return {
          method: 'POST',
          url: '/api/auth/reset/password',
          payload: {
            resetToken: answered.json<{ resetToken: string }>().resetToken,
            password: 'brand-new-pass',
            confirmPassword: 'brand-new-pass',
          },
          cookie: null,
          actor: { id: admin.id, username: admin.username },
          target: userTarget(admin),
        };
      },
    },
    {
      name: 'change your own password',
      action: 'auth.password_changed',
      prepare: async () => {
        const admin = await newAdmin(t.db);
        return {
          method: 'POST',
          url: '/api/me/password',
          payload: {
            currentPassword: DEFAULT_PASSWORD,
            password: 'brand-new-pass',
            confirmPassword: 'brand-new-pass',
          },
          cookie: (await signInAs(t, admin)).cookie,
          actor: { id: admin.id, username: admin.username },
          target: userTarget(admin),
        };
      },
    },
    {
      name: 'sign out your other sessions',
      action: 'auth.session_revoked',
      prepare: async () => {
        const admin = await newAdmin(t.db);
        await signInAs(t, admin); // the other session, to end
        return {
          method: 'DELETE',
          url: '/api/me/sessions',
          cookie: (await signInAs(t, admin)).cookie,
          actor: { id: admin.id, username: admin.username },
          // The ended session's id: checked to be one.
          target: { type: 'session', id: '', name: admin.username },
        };
      },
    },
  ];

  it('covers every change the issue lists', () => {
    const listed: AuditAction[] = [
      'employee.registered',
      'employee.updated',
      'employee.deleted',
      'employee.password_reset',
      'admin.created',
      'admin.updated',
      'admin.deleted',
      'admin.password_reset',
      'team.created',
      'team.updated',
      'team.deleted',
      'team.member_added',
      'team.member_removed',
      'team.member_role_changed',
      'auth.reset_completed',
    ];
    expect(new Set(changes.map((change) => change.action))).toEqual(
      new Set([...listed, 'auth.password_changed', 'auth.session_revoked']),
    );
  });

  it.each(changes.map((change, index) => ({ ...change, index })))(
    '$name → $action, atomically',
    async ({ action, prepare, index }) => {
      const change = await prepare();
      const ip = `203.0.113.${index + 10}`;
      const send = () =>
        request(change.method, change.url, {
          ...(change.payload ? { payload: change.payload } : {}),
          cookie: change.cookie === undefined ? bossCookie : change.cookie,
          ip,
        });

      // The audit log fails: the change must not happen either.
      const before = await snapshot();
      await refuseAuditInserts(true);
      const refused = await send();
      await refuseAuditInserts(false);
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(500);
      expect(await snapshot()).toBe(before);
      expect(
        await t.db.selectFrom('audit_log').select('id').where('ip', '=', ip).execute(),
      ).toEqual([]);

      // The same change again, with the log working: it lands with its entry.
      const done = await send();
      expect(done.statusCode, done.body).toBeLessThan(300);
      expect(await snapshot()).not.toBe(before);
      const entries = await t.db.selectFrom('audit_log').selectAll().where('ip', '=', ip).execute();
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      expect(entry).toMatchObject({
        action,
        actor_id: change.actor.id,
        actor_name: change.actor.username,
        target_type: change.target.type,
        target_name: change.target.name,
        ip,
        created_at: t.clock.now(),
      });
      if (change.target.id) expect(entry!.target_id).toBe(change.target.id);
      else expect(entry!.target_id).toMatch(/^[0-9a-f-]{36}$/);
      if (change.details) expect(entry!.details).toMatchObject(change.details);

      // And a super admin finds it on the Audit Log.
      const page = await auditPage(`search=${encodeURIComponent(change.target.name)}`);
      expect(page.entries.map((e) => [e.action, e.ip])).toContainEqual([action, ip]);
    },
  );

  it('an edit that renames and sets a password is both an edit and a password reset', async () => {
    const employee = await newEmployee(t.db);
    const username = unique('both');
    const ip = '203.0.113.200';
    const response = await request('PATCH', `/api/employees/${employee.id}`, {
      payload: { username, password: 'fresh-pass' },
      ip,
    });
    expect(response.statusCode).toBe(200);
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_name', 'details'])
      .where('ip', '=', ip)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        action: 'employee.updated',
        target_name: username,
        details: { renamedFrom: employee.username, passwordChanged: true },
      },
      { action: 'employee.password_reset', target_name: username, details: null },
    ]);
  });
});
