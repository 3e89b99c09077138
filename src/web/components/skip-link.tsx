import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of each shell's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content' (WCAG 2.4.1): the first thing a Tab reaches, shown only while it has
 * the focus; it moves the focus to the page past the top bar and the menu.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
