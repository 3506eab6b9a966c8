/**
 * CSV for spreadsheets, written one way for every export (server downloads and the browser's own).
 * Text is always quoted with its quotes doubled, and text a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading apostrophe: names, emails and reasons come from people
 * outside the clinic, so none of them is trusted. Numbers are written as they are; null is an empty field.
 *
 * A library writer (csv-stringify) would still need this formula rule on top, and its browser build brings
 * a Buffer polyfill larger than this file; see docs/decisions/0024-one-csv-writer.md.
 */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Rows as CSV text: fields joined by commas, each row ended by CRLF. */
export function csvOf(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
