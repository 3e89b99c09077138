import { formatDuration } from '../../../../shared/time-format';
import { formatPercentage } from '../../../lib/format-number';

/** A metric with nothing to divide by reads as a dash. */
export const NO_FIGURE = '—';

/** '83.3%', or a dash. */
export function formatPercent(percent: number | null) {
  return percent === null ? NO_FIGURE : formatPercentage(percent);
}

/** '2m 5s' (spec §9: hours, minutes and seconds), or a dash. */
export function formatSeconds(seconds: number | null) {
  return seconds === null ? NO_FIGURE : formatDuration(Math.round(seconds));
}

/** 'Mantine colour name' → the theme's filled shade of it, for SVG fills and swatches. */
export const themeColour = (name: string) => `var(--mantine-color-${name}-6)`;
