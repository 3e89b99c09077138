import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

/**
 * A floor with known answers. Now is 15 March 2026, noon in New York. One registration at
 * 23:30 on 28 February New York time is already March in UTC: it must count as February.
 */
const t = await createTestApp();
t.clock.set('2026-03-15T16:00:00Z');
/** A second, empty call centre. */
const empty = await createTestApp();

const north = await newTeam(t.db, { name: 'North' });
const south = await newTeam(t.db, { name: 'South' });
const registered = {
  jan1: '2026-01-05T15:00:00Z',
  jan2: '2026-01-20T15:00:00Z',
  feb1: '2026-02-10T15:00:00Z',
  febLateEvening: '2026-03-01T04:30:00Z',
  marFirstHour: '2026-03-01T05:30:00Z',
  mar2: '2026-03-10T15:00:00Z',
  mar3: '2026-03-14T15:00:00Z',
};
const inNorth = new Set(['jan1', 'feb1', 'marFirstHour', 'mar3']);
const staff: Record<string, { id: string }> = {};
for (const [name, createdAt] of Object.entries(registered)) {
  const employee = await newEmployee(t.db, { username: name, created_at: createdAt });
  await joinTeam(t.db, inNorth.has(name) ? north : south, employee);
  staff[name] = employee;
}

async function calls(
  user: { id: string },
  statuses: ('answered' | 'declined' | 'missed' | null)[],
) {
  for (const status of statuses) {
    await t.db
      .insertInto('call_logs')
      .values({
        user_id: user.id,
        phone_number: '+15551234567',
        call_type: 'inbound',
        call_status: status,
        time_received: '2026-03-14T15:00:00Z',
        // Resolved calls are over; a ringing one (null) waits for its deadline.
        ended_at: status ? '2026-03-14T15:05:00Z' : null,
        ring_deadline: status ? null : '2026-03-14T15:00:20Z',
      })
      .execute();
  }
}
await calls(staff.jan1!, ['answered', 'answered', 'missed']);
await calls(staff.feb1!, ['declined', null]);
await calls(staff.mar2!, ['answered', 'missed']);

const superAdmin = await newSuperAdmin(t.db);
const northAdmin = await newAdmin(t.db);
await joinTeam(t.db, north, northAdmin);
const teamlessAdmin = await newAdmin(t.db);

async function dashboardOf(username: string) {
  const response = await (await signInAs(t, username)).as('GET', '/api/dashboard');
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/dashboard', () => {
  it('a super admin sees every employee, team and call', async () => {
    expect(await dashboardOf(superAdmin.username)).toEqual({
      employees: {
        total: 7,
        newThisMonth: 3,
        growthPercent: 75, // 3 new over 4 registered before March
        changeVersusLastMonthPercent: 50, // 3 in March vs 2 in February
      },
      teams: { scope: 'all', count: 2 },
      calls: { total: 6, answered: 3, performancePercent: 50 }, // the ringing call is not counted
      trend: expect.any(Object),
      recentEmployees: [
        { id: staff.mar3!.id, username: 'mar3', created_at: registered.mar3.replace('Z', '.000Z') },
        { id: staff.mar2!.id, username: 'mar2', created_at: registered.mar2.replace('Z', '.000Z') },
        {
          id: staff.marFirstHour!.id,
          username: 'marFirstHour',
          created_at: registered.marFirstHour.replace('Z', '.000Z'),
        },
        {
          id: staff.febLateEvening!.id,
          username: 'febLateEvening',
          created_at: registered.febLateEvening.replace('Z', '.000Z'),
        },
      ],
    });
  });

  it("an admin with a team sees only that team's figures, and 'Your Team'", async () => {
    const dashboard = await dashboardOf(northAdmin.username);
    expect(dashboard.employees).toEqual({
      total: 4,
      newThisMonth: 2, // marFirstHour, mar3
      growthPercent: 100, // 2 new over 2 before (jan1, feb1)
      changeVersusLastMonthPercent: 100, // 2 vs 1
    });
    expect(dashboard.teams).toEqual({
      scope: 'own',
      team: { id: north.id, name: 'North', memberCount: 5 }, // 4 employees + the admin
    });
    expect(dashboard.calls).toEqual({ total: 4, answered: 2, performancePercent: 50 }); // jan1 + feb1
    expect(dashboard.recentEmployees.map((e: { username: string }) => e.username)).toEqual([
      'mar3',
      'marFirstHour',
      'feb1',
      'jan1',
    ]);
  });

  it('an admin with no team sees everyone, and no team of their own', async () => {
    const dashboard = await dashboardOf(teamlessAdmin.username);
    expect(dashboard.employees.total).toBe(7);
    expect(dashboard.teams).toEqual({ scope: 'own', team: null });
  });

  it('with no employees and no calls every percent is 0', async () => {
    const admin = await signInAs(empty, await newSuperAdmin(empty.db));
    const response = await admin.as('GET', '/api/dashboard');
    expect(response.json()).toEqual({
      employees: { total: 0, newThisMonth: 0, growthPercent: 0, changeVersusLastMonthPercent: 0 },
      teams: { scope: 'all', count: 0 },
      calls: { total: 0, answered: 0, performancePercent: 0 },
      trend: {
        days: expect.any(Array),
        employees: Array(30).fill(0),
        registrations: Array(30).fill(0),
        teams: Array(30).fill(0),
        performancePercent: Array(30).fill(null),
      },
      recentEmployees: [],
    });
  });
});

describe("GET /api/dashboard: the cards' 30-day sparklines", () => {
  /** `count` days of `value`, then the next run, and so on. */
  const runs = (...parts: [number, number | null][]) =>
    parts.flatMap(([count, value]) => Array<number | null>(count).fill(value));
  beforeAll(async () => {
    // When the teams came, and North's members joined.
    await sql`UPDATE teams SET created_at = '2026-03-01T17:00:00Z' WHERE id = ${north.id}`.execute(
      t.db,
    );
    await sql`UPDATE teams SET created_at = '2026-03-10T17:00:00Z' WHERE id = ${south.id}`.execute(
      t.db,
    );
    await sql`UPDATE team_members SET created_at = '2026-03-05T17:00:00Z'
      WHERE team_id = ${north.id}`.execute(t.db);
  });

  it("a super admin's: the centre's days in New York, today last", async () => {
    const { trend } = await dashboardOf(superAdmin.username);
    expect(trend.days).toHaveLength(30);
    expect(trend.days[0]).toBe('2026-02-14');
    expect(trend.days[29]).toBe('2026-03-15');
    // febLateEvening (23:30 on 28 February in New York) counts on the 28th.
    expect(trend.employees).toEqual(runs([14, 3], [1, 4], [9, 5], [4, 6], [2, 7]));
    expect(trend.registrations).toEqual(
      runs([14, 0], [1, 1], [1, 1], [8, 0], [1, 1], [3, 0], [1, 1], [1, 0]),
    );
    expect(trend.teams).toEqual(runs([15, 0], [9, 1], [6, 2]));
    // Every call came on the 14th: 3 of 6 answered (the ringing one has no outcome yet).
    expect(trend.performancePercent).toEqual(runs([28, null], [1, 50], [1, null]));
  });

  it("an admin's team: its employees, its members and its calls; no team, no teams line", async () => {
    const { trend } = await dashboardOf(northAdmin.username);
    expect(trend.employees).toEqual(runs([15, 2], [13, 3], [2, 4]));
    expect(trend.teams).toEqual(runs([19, 0], [11, 5])); // 4 employees and the admin
    expect(trend.performancePercent).toEqual(runs([28, null], [1, 50], [1, null]));
    const teamless = await dashboardOf(teamlessAdmin.username);
    expect(teamless.trend.teams).toEqual([]);
    expect(teamless.trend.employees.at(-1)).toBe(7);
  });
});
