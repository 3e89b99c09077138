const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(n: number, unit: string) {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * '{n} day(s)/hour(s)/minute(s) ago' (spec §2 'Recent Activities'), the largest whole unit;
 * under a minute reads 'just now'.
 */
export function relativeTime(then: Date | string, now: Date) {
  const elapsed = Math.max(0, now.getTime() - new Date(then).getTime());
  if (elapsed >= DAY) return count(Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return count(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return count(Math.floor(elapsed / MINUTE), 'minute');
  return 'just now';
}
