import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import { type RecordedRequest, errorResponse, mockFetch } from '../../../test/fetch-mock';
import { superAdminUser } from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import { AuditLogPage as AuditLogPageView } from './audit-log-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: String(id),
    created_at: '2026-11-21T18:05:09.000Z',
    actor_id: '0b6c2c4e-2f7d-4c7e-9a51-8f1f7c1d2e3a',
    actor_name: 'boss',
    action: 'employee.deleted',
    target_type: 'user',
    target_id: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
    target_name: 'dana',
    ip: '203.0.113.7',
    details: null,
    ...overrides,
  };
}

/** The route as the server answers it, over `entries` (newest first). */
function page(entries: AuditEntry[], query = new URLSearchParams()) {
  return pagedListResponse('entries', entries, query, {
    matches: (row, search) =>
      [row.actor_name, row.target_name, row.action].some((text) =>
        text?.toLowerCase().includes(search),
      ),
    sortBy: { actor: (row) => row.actor_name ?? '', target: (row) => row.target_name ?? '' },
    extra: { timeZone: 'America/New_York' },
  });
}

const auditGets = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/audit');
const lastQuery = (requests: RecordedRequest[]) =>
  Object.fromEntries(auditGets(requests).at(-1)?.query ?? []);

/** Where the page's URL is now: the log keeps search, days, sort and page there. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{location.search}</output>;
}
const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

function renderPage(url = '/admin/audit') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <LocationProbe />
      <AuditLogPageView />
    </MemoryRouter>,
    { signedInAs: superAdminUser },
  );
}

describe('the Audit Log page', () => {
  it("lists who did what to whom, when (in the call centre's zone) and from where", async () => {
    mockFetch({
      'GET /api/audit': () =>
        page([
          entry(3, {
            action: 'team.member_role_changed',
            target_name: 'gus',
            details: { teamId: 'x', from: 'member', to: 'team_leader' },
          }),
          entry(2, {
            action: 'employee.updated',
            target_name: 'ana_new',
            details: { renamedFrom: 'ana', passwordChanged: false },
          }),
          entry(1, {
            action: 'auth.sign_in_failed',
            actor_id: null,
            actor_name: null,
            target_name: 'nobody',
            ip: null,
          }),
        ]),
    });
    renderPage();

    expect(screen.getByText('Loading audit log...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'User', 'Action', 'Target', 'Address']);
    expect(rows.slice(1)).toEqual([
      ['Nov 21, 2026, 1:05:09 PM EST', 'boss', 'Promoted to team leader', 'gusUser', '203.0.113.7'],
      [
        'Nov 21, 2026, 1:05:09 PM EST',
        'boss',
        'Edited employeerenamed from ana',
        'ana_newUser',
        '203.0.113.7',
      ],
      ['Nov 21, 2026, 1:05:09 PM EST', 'Not signed in', 'Failed sign-in', 'nobodyUser', '—'],
    ]);
    expect(screen.getByText(/America\/New_York/)).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/audit/export.csv');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Showing 3 of 3 entries')).toBeTruthy();
  });

  it('searches and filters by days; the CSV link carries the same filters', async () => {
    const { requests } = mockFetch({
      'GET /api/audit': (request) => page([entry(1), entry(2)], request.query),
    });
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Audit log' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dana');
    await waitFor(() => expect(lastQuery(requests)).toEqual({ search: 'dana' }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({ search: 'dana', from: '2026-11-01', to: '2026-11-21' }),
    );
    expect(location()).toBe('?search=dana&from=2026-11-01&to=2026-11-21');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/audit/export.csv?search=dana&from=2026-11-01&to=2026-11-21',
    );

    // Clearing a day opens that side of the range.
    await user.clear(screen.getByLabelText('From'));
    await waitFor(() => expect(lastQuery(requests)).toEqual({ search: 'dana', to: '2026-11-21' }));

    // A start after the end is refused here, with the server's words, and not asked for.
    await user.type(screen.getByLabelText('From'), '2026-11-30');
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(auditGets(requests).map((request) => request.query.get('from'))).not.toContain(
      '2026-11-30',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/audit/export.csv?search=dana&to=2026-11-21',
    );
  });

  it(
    'pages and sorts on the server; the URL keeps the page, sort and days',
    { timeout: 20_000 },
    async () => {
      const entries = Array.from({ length: 30 }, (_, i) =>
        entry(30 - i, { actor_name: `user_${String(30 - i).padStart(2, '0')}` }),
      );
      const { requests } = mockFetch({
        'GET /api/audit': (request) => page(entries, request.query),
      });
      const { user } = renderPage('/admin/audit?from=2026-11-01&pageSize=25');
      const table = await screen.findByRole('table', { name: 'Audit log' });
      expect(screen.getByText('Showing 30 of 30 entries')).toBeTruthy();
      expect(screen.getByText('(1–25)')).toBeTruthy();
      expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-11-01');

      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(await screen.findByText('(26–30)')).toBeTruthy();
      expect(lastQuery(requests)).toEqual({ from: '2026-11-01', pageSize: '25', page: '2' });
      expect(location()).toBe('?from=2026-11-01&pageSize=25&page=2');
      expect(within(table).getAllByRole('row')).toHaveLength(6);

      // A sort starts again at page 1; a second press reverses it.
      await user.click(within(table).getByRole('button', { name: 'User' }));
      await waitFor(() =>
        expect(lastQuery(requests)).toEqual({ from: '2026-11-01', pageSize: '25', sort: 'actor' }),
      );
      expect(await within(table).findByText('user_01')).toBeTruthy();
      await user.click(within(table).getByRole('button', { name: 'User' }));
      await waitFor(() => expect(lastQuery(requests).sort).toBe('-actor'));
      expect(
        within(table).getByRole('columnheader', { name: 'User' }).getAttribute('aria-sort'),
      ).toBe('descending');
      expect(location()).toBe('?from=2026-11-01&pageSize=25&sort=-actor');
    },
  );

  it('says when the log is empty, and when nothing matches', async () => {
    const log: AuditEntry[] = [];
    mockFetch({ 'GET /api/audit': (request) => page(log, request.query) });
    const { user } = renderPage();
    expect(await screen.findByText('No audit entries yet.')).toBeTruthy();
    log.push(entry(1));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // The count says the log is not empty.
    expect(await screen.findByText('Showing 0 of 1 entries')).toBeTruthy();
  });

  it('says nothing matches when only the days filter', async () => {
    mockFetch({
      'GET /api/audit': (request) => page(request.query.get('from') ? [] : [entry(1)]),
    });
    renderPage('/admin/audit?from=2026-12-01');
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
  });

  it("shows the server's words for a refusal", async () => {
    mockFetch({
      'GET /api/audit': () => errorResponse(403, 'FORBIDDEN', 'You are not allowed to do this'),
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are not allowed to do this',
    );
  });

  it('a failing server reads as a failure to load', { timeout: 15_000 }, async () => {
    mockFetch({
      'GET /api/audit': () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
    });
    renderPage();
    // After the query client's two retries of a 5xx (1 s, then 2 s).
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toContain(
      'Could not load the audit log.',
    );
  });
});
