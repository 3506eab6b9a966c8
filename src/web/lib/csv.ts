import { saveBlob } from './download';

/**
 * CSV for spreadsheets: every field quoted, quotes doubled, and a field that a spreadsheet would read as a
 * formula (starting with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe. Numbers are
 * written as they are.
 */
export function csvOf(rows: readonly (readonly (string | number)[])[]) {
  const field = (value: string | number) => {
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Saves rows as a CSV file through the browser's download. */
export function downloadCsv(filename: string, rows: readonly (readonly (string | number)[])[]) {
  saveBlob(new Blob([csvOf(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
