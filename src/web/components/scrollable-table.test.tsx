import { Table } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ScrollableTable } from './scrollable-table';

function renderAuditTable() {
  return renderWithProviders(
    <ScrollableTable label="Audit log" minWidth={720}>
      <Table aria-label="Audit log">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>2026-11-26 09:00</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollableTable>,
  );
}

/**
 * jsdom lays nothing out: the scroller's sizes and position as a phone would have them, and a
 * ResizeObserver that reports each element as it starts observing it, as a browser does once
 * it has laid the page out — or, with `reportsAtOnce` false, only when `reportLayout` says so.
 */
function layOut({
  clientWidth,
  scrollWidth,
  reportsAtOnce = true,
}: {
  clientWidth: number;
  scrollWidth: number;
  reportsAtOnce?: boolean;
}) {
  let scrollLeft = 0;
  const reports: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly notify: ResizeObserverCallback) {}
      observe() {
        const report = () => this.notify([], this as unknown as ResizeObserver);
        if (reportsAtOnce) report();
        else reports.push(report);
      }
      disconnect() {}
    },
  );
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  const scrollWidthRead = vi
    .spyOn(Element.prototype, 'scrollWidth', 'get')
    .mockReturnValue(scrollWidth);
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(() => scrollLeft);
  return {
    scrollWidthRead,
    reportLayout: () => act(() => reports.forEach((report) => report())),
    scrollTo: (to: number) => {
      scrollLeft = to;
      fireEvent.scroll(screen.getByRole('group', { name: 'Audit log' }));
    },
  };
}

/** The shadows the frame around the scroller shows, on the sides where columns are hidden. */
function hiddenColumnShadows() {
  const frame = screen.getByRole('group', { name: 'Audit log' }).parentElement!;
  return {
    before: frame.hasAttribute('data-columns-before'),
    after: frame.hasAttribute('data-columns-after'),
  };
}

describe('ScrollableTable', () => {
  it('is a group named as its table that takes the focus, so the keyboard can scroll it', async () => {
    const { user } = renderAuditTable();
    const region = screen.getByRole('group', { name: 'Audit log' });
    expect(region.contains(screen.getByRole('table', { name: 'Audit log' }))).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(region);
  });

  it('shows a shadow on each side where columns are out of sight, following the scroll', () => {
    const { scrollTo } = layOut({ clientWidth: 358, scrollWidth: 720 });
    renderAuditTable();
    expect(hiddenColumnShadows()).toEqual({ before: false, after: true });

    scrollTo(180);
    expect(hiddenColumnShadows()).toEqual({ before: true, after: true });

    scrollTo(362);
    expect(hiddenColumnShadows()).toEqual({ before: true, after: false });
  });

  it('measures only when the browser reports its layout, never forcing one as it renders', () => {
    const { scrollWidthRead, reportLayout } = layOut({
      clientWidth: 358,
      scrollWidth: 720,
      reportsAtOnce: false,
    });
    renderAuditTable();
    expect(scrollWidthRead).not.toHaveBeenCalled();

    reportLayout();
    expect(hiddenColumnShadows()).toEqual({ before: false, after: true });
  });

  it('shows no shadow when the table fits', () => {
    layOut({ clientWidth: 1000, scrollWidth: 1000 });
    renderAuditTable();
    expect(hiddenColumnShadows()).toEqual({ before: false, after: false });
  });
});
