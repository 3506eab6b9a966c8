import { type CsvValue, csvOf } from '../../shared/csv';
import { saveBlob } from './download';

/** Saves rows as a CSV file through the browser's download. */
export function downloadCsv(filename: string, rows: readonly (readonly CsvValue[])[]) {
  saveBlob(new Blob([csvOf(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
