import { useEffect } from 'react';

const APP_TITLE = 'Switchboard';

/**
 * The browser tab names the page shown, then the product (WCAG 2.4.2): 'Teams – Switchboard',
 * the product alone where no page is known; `prefix` goes first ('(ringing) ').
 */
export function usePageTitle(page: string | undefined, prefix = '') {
  useEffect(() => {
    document.title = prefix + (page ? `${page} – ${APP_TITLE}` : APP_TITLE);
  }, [page, prefix]);
}
