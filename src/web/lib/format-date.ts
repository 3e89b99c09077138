const calendarDate = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

const dateAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A day in the browser's locale and time zone ('Nov 2, 2026'), for tables' date columns. */
export function formatDate(isoDateTime: string) {
  return calendarDate.format(new Date(isoDateTime));
}

/** The same moment to the minute, for a tooltip beside formatDate. */
export function formatDateTime(isoDateTime: string) {
  return dateAndTime.format(new Date(isoDateTime));
}
