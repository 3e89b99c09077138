import { vi } from 'vitest';

/** A width condition of a media query, in px (an em is 16 px, as media queries count it). */
function widthConditions(query: string) {
  return [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)].map(
    ([, bound, value, unit]) => ({
      bound,
      px: Number(value) * (unit === 'px' ? 1 : 16),
    }),
  );
}

/** What `window.matchMedia` answers for `query`: a list that never changes. */
export function mediaQueryList(query: string, matches: boolean) {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/**
 * Until the test ends, media queries answer as on a screen `width` px wide (setup.ts's stand-in
 * matches nothing: a phone narrower than every breakpoint). Queries on anything but the width
 * still match nothing.
 */
export function setViewportWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const conditions = widthConditions(query);
    const matches =
      conditions.length > 0 &&
      conditions.every(({ bound, px }) => (bound === 'min' ? width >= px : width <= px));
    return mediaQueryList(query, matches);
  });
}
