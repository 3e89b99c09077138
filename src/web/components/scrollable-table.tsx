import { Table } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './scrollable-table.module.css';

interface ScrollableTableProps {
  /** The table's name, for the group the scroller is. */
  label: string;
  minWidth: number;
  children: ReactNode;
}

/** Whether columns lie out of sight before or after what the scroller shows. */
interface HiddenColumns {
  before: boolean;
  after: boolean;
}

/**
 * Where the scroller hides columns, followed as it scrolls and as it or its table changes size
 * (a rotated phone, a page of longer rows).
 */
function useHiddenColumns() {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<HiddenColumns>({ before: false, after: false });
  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // A pixel of slack: scroll positions are fractional on a high-density screen.
    const before = scroller.scrollLeft > 1;
    const after = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setHidden((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // The first measure is the observer's first notice, which comes once the browser has laid
    // the page out for its next frame: measuring here would force that layout in the middle of
    // React's commit, before the rows could show.
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);
  return { scrollerRef, hidden, measure };
}

/**
 * The sideways scroller of a table that is wider than a phone. A shadow on an edge says more
 * columns lie that way (a phone's scrollbar shows only while it scrolls, and a table cut at a
 * column border looks whole). Only a scroller that takes the focus lets the keyboard scroll it
 * (WCAG 2.1.1, axe's scrollable-region-focusable): it is one tab stop, a group named as the
 * table (not a landmark: the table may sit in a region of the same name), and the arrow keys
 * scroll it; tabbing to a button in a row scrolls to that button too.
 */
export function ScrollableTable({ label, minWidth, children }: ScrollableTableProps) {
  const { scrollerRef, hidden, measure } = useHiddenColumns();
  return (
    <div
      className={classes.frame}
      data-columns-before={hidden.before || undefined}
      data-columns-after={hidden.after || undefined}
    >
      <Table.ScrollContainer
        ref={scrollerRef}
        type="native"
        className={classes.scroller}
        minWidth={minWidth}
        tabIndex={0}
        role="group"
        aria-label={label}
        onScroll={measure}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
