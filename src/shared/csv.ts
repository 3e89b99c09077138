/** A CSV cell's value: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * Cells a spreadsheet would run as a formula (OWASP 'CSV injection'): a formula sign, even after
 * leading white space (spreadsheets skip spaces, tabs and no-break spaces before it), or a tab
 * or carriage return first.
 */
const FORMULA_START = /^(?:\s*[=+\-@]|[\t\r])/;

/** Written first, so spreadsheets (Excel) read the file as UTF-8. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/**
 * One CSV cell (RFC 4180): text starting like a formula gets a leading apostrophe, and a
 * cell with a comma, quote or line break is quoted with its quotes doubled. Numbers are
 * written as they are; null is an empty cell.
 */
export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF line end. */
export function csvLine(cells: readonly CsvValue[]) {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file: CRLF line ends, and a byte-order mark so spreadsheets read it as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return CSV_BYTE_ORDER_MARK + [header, ...rows].map(csvLine).join('');
}
