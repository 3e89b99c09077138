import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { trendOf } from '../test/analytics-fixtures';
import { TrendCharts } from './trend-charts';

const headings = () => screen.getAllByRole('heading').map((h) => h.textContent);
const rowsOf = (table: string) =>
  within(screen.getByRole('table', { name: `${table}: figures` }))
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

/** Opens every chart's figures table (made only when asked for). */
async function openFigures(user: ReturnType<typeof renderWithProviders>['user']) {
  for (const summary of screen.getAllByText('Show the figures')) await user.click(summary);
}

describe('TrendCharts', () => {
  it('every chart of a team or an employee, each named by a summary of its figures', () => {
    renderWithProviders(<TrendCharts trend={trendOf()} charts="all" titleOrder={4} />);
    expect(headings()).toEqual([
      'Calls per day',
      'Time per status per day',
      'Answer rate per day',
      'Average handle time per day',
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Calls per day, Nov 19 to Nov 21: 2,100 answered, 40 declined, 160 not answered',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Time per status per day, Nov 19 to Nov 21: Available 3h 0m 0s, After Call Work 1h 30m 0s',
      }),
    ).toBeTruthy();
    // A day without calls has no rate: it is left out of the lowest and highest.
    expect(
      screen.getByRole('img', {
        name: 'Answer rate per day, Nov 19 to Nov 21: lowest 90% (Nov 21), highest 92.3% (Nov 19)',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Average handle time per day, Nov 19 to Nov 21: lowest 3m 6s (Nov 19), highest 4m 0s (Nov 21)',
      }),
    ).toBeTruthy();
  });

  it('gives every figure in a table a click away', async () => {
    const { user } = renderWithProviders(
      <TrendCharts trend={trendOf()} charts="all" titleOrder={4} />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    await openFigures(user);
    expect(rowsOf('Calls per day')).toEqual([
      ['', 'Answered', 'Declined', 'Not Answered'],
      ['Nov 19', '1,200', '30', '70'],
      ['Nov 20', '0', '0', '0'],
      ['Nov 21', '900', '10', '90'],
    ]);
    expect(rowsOf('Time per status per day')).toEqual([
      ['', 'Available', 'After Call Work'],
      ['Nov 19', '2h 0m 0s', '1h 30m 0s'],
      ['Nov 20', '0s', '0s'],
      ['Nov 21', '1h 0m 0s', '0s'],
    ]);
    expect(rowsOf('Answer rate per day')).toEqual([
      ['', 'Answer rate'],
      ['Nov 19', '92.3%'],
      ['Nov 20', '—'],
      ['Nov 21', '90%'],
    ]);
    expect(rowsOf('Average handle time per day').slice(1, 2)).toEqual([['Nov 19', '3m 6s']]);
  });

  it('a week a bar past 92 days; the centre sees its calls alone', async () => {
    const weekly = trendOf({
      unit: 'week',
      buckets: trendOf().buckets.map((bucket, index) => ({
        ...bucket,
        start: ['2026-11-02', '2026-11-09', '2026-11-16'][index]!,
      })),
    });
    const { user } = renderWithProviders(
      <TrendCharts trend={weekly} charts="calls" titleOrder={3} />,
    );
    await openFigures(user);
    expect(headings()).toEqual(['Calls per week']);
    expect(rowsOf('Calls per week')[1]![0]).toBe('Week of Nov 2');
    expect(
      screen.getByRole('img', { name: /^Calls per week, Week of Nov 2 to Week of Nov 16: / }),
    ).toBeTruthy();
  });

  it('says so when there is no status time in the range', () => {
    renderWithProviders(
      <TrendCharts trend={trendOf({ statuses: [] })} charts="all" titleOrder={4} />,
    );
    const chart = screen.getByRole('heading', { name: 'Time per status per day' }).parentElement!;
    expect(within(chart).getByText('No status time in this range')).toBeTruthy();
  });
});
