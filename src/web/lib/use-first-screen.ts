import { startTransition, useEffect, useState } from 'react';

/** At most what a screen shows of a list before it is scrolled: table rows, or cards. */
export const FIRST_SCREEN_ITEMS = 15;

/**
 * A list drawn a screen first: when it first appears, its first FIRST_SCREEN_ITEMS alone, and
 * the rest in a deferred render straight after (in slices, once the first ones are painted), so
 * what is in sight does not wait for what lies below it. Later changes (another page, a
 * search) draw every item at once.
 */
export function useFirstScreenFirst<Item>(items: readonly Item[]): readonly Item[] {
  const [isFirstScreen, setFirstScreen] = useState(items.length > FIRST_SCREEN_ITEMS);
  useEffect(() => {
    if (isFirstScreen) startTransition(() => setFirstScreen(false));
  }, [isFirstScreen]);
  return isFirstScreen ? items.slice(0, FIRST_SCREEN_ITEMS) : items;
}
