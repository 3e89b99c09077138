import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CallDistributionPie } from './call-distribution-pie';

const pieLabels = () =>
  Array.from(screen.getByRole('img').querySelectorAll('text')).map((text) => text.textContent);
const legend = () =>
  within(screen.getByRole('list', { name: 'Calls by outcome' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('CallDistributionPie', () => {
  it('labels only the slices over 5 %; the legend still gives every share', () => {
    renderWithProviders(<CallDistributionPie figures={{ answered: 95, declined: 4, missed: 1 }} />);
    expect(pieLabels()).toEqual(['95%']);
    expect(legend()).toEqual(['Answered: 95 (95%)', 'Declined: 4 (4%)', 'Not Answered: 1 (1%)']);
  });

  it('leaves a slice of exactly 5 % unlabelled (over means over)', () => {
    renderWithProviders(<CallDistributionPie figures={{ answered: 19, declined: 0, missed: 1 }} />);
    expect(pieLabels()).toEqual(['95%']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Call Distribution: Answered 19 (95%), Not Answered 1 (5%)',
    );
  });

  it("keeps a label beside its slice inside the chart, '100%' wide at either side", () => {
    // Half and half: the labels sit at three and nine o'clock, running outwards.
    renderWithProviders(<CallDistributionPie figures={{ answered: 1, declined: 1, missed: 0 }} />);
    const chart = screen.getByRole('img');
    const width = Number(chart.getAttribute('viewBox')?.split(' ')[2]);
    // 13 px bold: a generous 10 px a character, for the widest label.
    const labelWidth = '100%'.length * 10;
    for (const label of chart.querySelectorAll('text')) {
      const x = Number(label.getAttribute('x'));
      const anchor = label.getAttribute('text-anchor');
      if (anchor === 'start') expect(x + labelWidth).toBeLessThanOrEqual(width);
      if (anchor === 'end') expect(x - labelWidth).toBeGreaterThanOrEqual(0);
    }
    expect(
      Array.from(chart.querySelectorAll('text')).map((t) => t.getAttribute('text-anchor')),
    ).toEqual(['start', 'end']);
  });

  it('labels a slice just over 5 %', () => {
    renderWithProviders(<CallDistributionPie figures={{ answered: 0, declined: 6, missed: 94 }} />);
    expect(pieLabels()).toEqual(['6%', '94%']);
  });

  it('colours Answered green, Declined red and Not Answered orange, as whole circle when alone', () => {
    const { container, unmount } = renderWithProviders(
      <CallDistributionPie figures={{ answered: 2, declined: 1, missed: 1 }} />,
    );
    const fills = Array.from(container.querySelectorAll('path')).map((path) => path.style.fill);
    expect(fills).toEqual([
      'var(--mantine-color-green-6)',
      'var(--mantine-color-red-6)',
      'var(--mantine-color-orange-6)',
    ]);
    unmount();

    const single = renderWithProviders(
      <CallDistributionPie figures={{ answered: 0, declined: 3, missed: 0 }} />,
    );
    expect(single.container.querySelectorAll('path')).toHaveLength(0);
    expect(single.container.querySelector('circle')?.style.fill).toBe('var(--mantine-color-red-6)');
    expect(pieLabels()).toEqual(['100%']);
  });

  it("shows the 'New Employee' placeholder when there are no calls", () => {
    renderWithProviders(<CallDistributionPie figures={{ answered: 0, declined: 0, missed: 0 }} />);
    expect(pieLabels()).toEqual(['New Employee']);
    expect(screen.queryByRole('list', { name: 'Calls by outcome' })).toBeNull();
  });
});
