import { IMPORT_FIELD_LABELS, type ImportField, type ImportPreview } from '../../../shared/imports';
import { Badge } from '../../ui/badge';
import { ScrollRegion } from '../../ui/scroll-region';

const ACTION_LABELS = { create: 'Create', match: 'Matched', skip: 'Skipped' } as const;
const labelOf = (field: string) => IMPORT_FIELD_LABELS[field as ImportField] ?? field;

/** Each row as it would be stored, with every problem named by field. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const fields = Object.keys(preview.mapping);
  const { counts } = preview;
  return (
    <section aria-labelledby="import-preview-heading" className="flex flex-col gap-3">
      <h2 id="import-preview-heading" className="font-semibold text-lg">
        Preview
      </h2>
      <p>
        {counts.rows} rows: {counts.create} to create, {counts.match} already here (matched), {counts.skip}{' '}
        skipped with problems.
      </p>
      {preview.rows.length < counts.rows && (
        <p className="text-muted-foreground text-sm">
          Showing the first rows and every row with a problem ({preview.rows.length} of {counts.rows}).
        </p>
      )}
      <ScrollRegion label="Preview rows">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the file as they would be stored</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Result
              </th>
              {fields.map((field) => (
                <th key={field} scope="col" className="px-3 py-2">
                  {labelOf(field)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                Problems
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-border border-t align-top">
                <td className="px-3 py-2">{row.line}</td>
                <td className="px-3 py-2">
                  <Badge variant={row.action === 'skip' ? 'outline' : 'secondary'}>
                    {ACTION_LABELS[row.action]}
                  </Badge>
                </td>
                {fields.map((field) => (
                  <td key={field} className="px-3 py-2">
                    {row.values[field]}
                  </td>
                ))}
                <td className="px-3 py-2">
                  {row.problems.length > 0 && (
                    <ul className="list-disc pl-4 text-destructive">
                      {row.problems.map((problem) => (
                        <li key={`${problem.field}-${problem.message}`}>
                          {labelOf(problem.field)}: {problem.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
