import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_PRESETS,
  type ImportKind,
  type ImportPreset,
  type ImportPreview,
  PRESET_LABELS,
  REQUIRED_IMPORT_FIELDS,
} from '../../../shared/imports';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { AdminNav } from '../admin';
import { usePreviewImport, useStartImport } from './api';
import { PreviewTable } from './preview-table';
import { RunList } from './run-list';

const KIND_LABELS: Record<ImportKind, string> = {
  patients: 'Clients',
  appointments: 'Upcoming appointments',
};
/** A chosen file's text (FileReader, which every browser and the test DOM have). */
const textOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
const messageOf = (caught: unknown, fallback: string) =>
  caught instanceof Error ? caught.message : fallback;

/** Which column each field comes from; changing one previews the file again. */
function MappingFields({
  preview,
  onChange,
}: {
  preview: ImportPreview;
  onChange: (field: string, header: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold text-lg">Columns</legend>
      <p className="text-muted-foreground text-sm">Choose the column of the file each field comes from.</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {IMPORT_FIELDS[preview.kind].map((field) => (
          <FormField
            key={field}
            label={`${IMPORT_FIELD_LABELS[field]}${REQUIRED_IMPORT_FIELDS[preview.kind].includes(field) ? ' (required)' : ''}`}
            error={preview.missingFields.includes(field) ? 'Choose the column for this field' : undefined}
          >
            <Select
              value={preview.mapping[field] ?? ''}
              onChange={(event) => onChange(field, event.target.value)}
            >
              <option value="">Not imported</option>
              {preview.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}

/** Admin > Import: a file, its columns, a preview of every row, then the import as a job. */
export function ImportPage() {
  const fileId = useId();
  const [kind, setKind] = useState<ImportKind>('patients');
  const [preset, setPreset] = useState<ImportPreset>('jane');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewImport = usePreviewImport();
  const startImport = useStartImport();

  const ask = async (mapping?: Record<string, string>) => {
    if (!file) {
      setError('Choose a CSV file first');
      return;
    }
    setError(null);
    try {
      setPreview(
        await previewImport.mutateAsync({ kind, preset, mapping, csv: file.text, fileName: file.name }),
      );
    } catch (caught) {
      setPreview(null);
      setError(messageOf(caught, 'The file could not be read'));
    }
  };

  const remap = (field: string, header: string) => {
    if (!preview) return;
    // The server takes a chosen mapping whole: a field left out of it is not imported.
    const { [field]: _previous, ...others } = preview.mapping;
    ask(header ? { ...others, [field]: header } : others);
  };

  const confirm = async () => {
    if (!file || !preview) return;
    try {
      await startImport.mutateAsync({
        kind,
        preset,
        mapping: preview.mapping,
        csv: file.text,
        fileName: file.name,
      });
      toast.success('The import has started');
      setPreview(null);
      setFile(null);
    } catch (caught) {
      setError(messageOf(caught, 'The import could not start'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AdminNav />
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="What the file holds">
            <Select
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as ImportKind);
                setPreview(null);
              }}
            >
              {(['patients', 'appointments'] as const).map((value) => (
                <option key={value} value={value}>
                  {KIND_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          {kind === 'patients' && (
            <FormField label="Exported from">
              <Select
                value={preset}
                onChange={(event) => {
                  setPreset(event.target.value as ImportPreset);
                  setPreview(null);
                }}
              >
                {IMPORT_PRESETS.map((value) => (
                  <option key={value} value={value}>
                    {PRESET_LABELS[value]}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="font-medium text-sm">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="text-sm"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              setPreview(null);
              setFile(chosen ? { name: chosen.name, text: await textOf(chosen) } : null);
            }}
          />
        </div>
        <div>
          <Button type="submit" disabled={previewImport.isPending}>
            Preview
          </Button>
        </div>
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      {preview && (
        <>
          <MappingFields preview={preview} onChange={remap} />
          {preview.missingFields.length > 0 ? (
            <Alert variant="error">Map every required column before importing.</Alert>
          ) : (
            <>
              <PreviewTable preview={preview} />
              <div>
                <Button
                  onClick={confirm}
                  disabled={
                    startImport.isPending || (preview.counts.create === 0 && preview.counts.match === 0)
                  }
                >
                  Import {preview.counts.create + preview.counts.match} rows
                </Button>
              </div>
            </>
          )}
        </>
      )}
      <RunList />
    </div>
  );
}
