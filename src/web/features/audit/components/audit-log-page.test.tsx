import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditLogPage } from '../../../../shared/schemas/audit';
import {
  type RecordedRequest,
  errorResponse,
  jsonResponse,
  mockFetch,
} from '../../../test/fetch-mock';
import { superAdminUser } from '../../../test/fixtures';
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

function page(entries: AuditEntry[], nextBefore: string | null = null): AuditLogPage {
  return { entries, nextBefore, timeZone: 'America/New_York' };
}

const auditGets = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/audit');
const lastQuery = (requests: RecordedRequest[]) =>
  Object.fromEntries(auditGets(requests).at(-1)?.query ?? []);

function renderPage() {
  return renderWithProviders(<AuditLogPageView />, { signedInAs: superAdminUser });
}

describe('the Audit Log page', () => {
  it("lists who did what to whom, when (in the call centre's zone) and from where", async () => {
    mockFetch({
      'GET /api/audit': () =>
        jsonResponse(
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
        ),
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
  });

  it('searches and filters by days; the CSV link carries the same filters', async () => {
    const { requests } = mockFetch({
      'GET /api/audit': (request) =>
        jsonResponse(page(request.query.get('search') ? [entry(9)] : [entry(1), entry(2)])),
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

  it("loads older entries with 'Load more' until there are none", async () => {
    const { requests } = mockFetch({
      'GET /api/audit': (request) =>
        request.query.get('before') === '2'
          ? jsonResponse(page([entry(1, { target_name: 'oldest' })]))
          : jsonResponse(page([entry(3), entry(2)], '2')),
    });
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('oldest')).toBeTruthy();
    expect(lastQuery(requests)).toEqual({ before: '2' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing 3 entries (all)')).toBeTruthy();
  });

  it('says when the log is empty, and when nothing matches', async () => {
    mockFetch({
      'GET /api/audit': () => jsonResponse(page([])),
    });
    const { user } = renderPage();
    expect(await screen.findByText('No audit entries yet.')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
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
