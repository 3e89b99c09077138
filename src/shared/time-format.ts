const pad = (n: number) => String(n).padStart(2, '0');

/** A running timer as hh:mm:ss (the status selector). Negative input reads as zero. */
export function formatTimer(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  return `${pad(hours)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** A call timer as mm:ss; minutes keep counting past 59 ('75:03'). */
export function formatCallTimer(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** A duration in hours, minutes and seconds (spec §9): '1h 5m 3s', '5m 3s', '3s'. */
export function formatDuration(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}h ${minutes}m ${seconds % 60}s`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

/** The four clocks of the softphone (spec §2). */
export const clockZones = [
  { name: 'Eastern', timeZone: 'America/New_York' },
  { name: 'Central', timeZone: 'America/Chicago' },
  { name: 'Mountain', timeZone: 'America/Denver' },
  { name: 'Pacific', timeZone: 'America/Los_Angeles' },
] as const;

/**
 * Formatters by zone, made once: building one loads the zone's rules, far dearer than
 * formatting with it, and the clocks format every second.
 */
const clockFormats = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

function clockFormatsFor(timeZone: string) {
  let formats = clockFormats.get(timeZone);
  if (!formats) {
    formats = {
      time: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        hour12: true,
      }),
      date: new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }),
    };
    clockFormats.set(timeZone, formats);
  }
  return formats;
}

/** 12-hour time with seconds, and weekday, month and day, in a zone (DST by the zone's rules). */
export function formatClock(at: Date, timeZone: string) {
  const formats = clockFormatsFor(timeZone);
  return { time: formats.time.format(at), date: formats.date.format(at) };
}

let easternTime: Intl.DateTimeFormat | undefined;

/** A moment in Eastern time, 12-hour (the Activity Log's 'Time Received'). */
export function formatEasternTime(at: Date | string) {
  easternTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  });
  return easternTime.format(new Date(at));
}
