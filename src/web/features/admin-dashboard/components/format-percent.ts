import { formatPercentage } from '../../../lib/format-number';

/** A change in percent with its sign: '+75%', '-20%', '0%', '+1,250%'. */
export function signedPercent(percent: number) {
  return percent > 0 ? `+${formatPercentage(percent)}` : formatPercentage(percent);
}

/** Up is good news (green), down is bad (red), no change is neutral. */
export function trendColor(percent: number) {
  if (percent > 0) return 'teal';
  if (percent < 0) return 'red';
  return 'dimmed';
}
