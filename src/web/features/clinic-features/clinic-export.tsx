import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { FhirExportAnswer } from '../../../shared/fhir-exports';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';

const kept = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Admins export the whole clinic as FHIR NDJSON: a job with progress, then one file per resource type. */
export function ClinicExport() {
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: async () => (await api.post<FhirExportAnswer>('/api/fhir-exports')).export,
    onSuccess: (started) => setExportId(started.id),
  });
  const status = useQuery({
    queryKey: ['/api/fhir-exports', exportId],
    queryFn: async ({ signal }) =>
      (await api.get<FhirExportAnswer>(`/api/fhir-exports/${exportId}`, { signal })).export,
    enabled: exportId !== null,
    refetchInterval: (query) =>
      ['queued', 'running'].includes(query.state.data?.status ?? 'queued') ? 2000 : false,
  });
  const current = status.data;
  const running = current ? current.status === 'queued' || current.status === 'running' : exportId !== null;

  const begin = async () => {
    try {
      await start.mutateAsync();
    } catch (caught) {
      toast.error(refusalOf(caught, 'The export could not be started.').message);
    }
  };
  const download = async (type: string, path: string) => {
    try {
      await downloadFile(path, 'application/fhir+ndjson', `${type}.ndjson`);
    } catch (caught) {
      toast.error(refusalOf(caught, 'The file could not be downloaded.').message);
    }
  };

  return (
    <section
      aria-labelledby="clinic-export-heading"
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      <h3 id="clinic-export-heading" className="font-medium text-sm">
        Export the whole clinic
      </h3>
      <p className="text-muted-foreground text-xs">
        Every patient's record as FHIR R4, one NDJSON file per resource type (Bulk Data layout).
      </p>
      <p role="status" aria-live="polite" className="text-sm">
        {current?.status === 'done'
          ? `Export done: ${current.patientsDone} patients.`
          : current?.status === 'expired'
            ? "This export's files have been deleted. Start a new export."
            : current?.status === 'failed'
              ? 'The export failed. Please start it again.'
              : running
                ? `Exporting… ${current?.patientsDone ?? 0} of ${current?.patientsTotal ?? 0} patients`
                : ''}
      </p>
      {running ? (
        <progress
          aria-label="Export progress"
          className="h-2 w-full"
          max={Math.max(current?.patientsTotal ?? 0, 1)}
          value={current?.patientsDone ?? 0}
        />
      ) : null}
      {current?.status === 'done' && current.expiresAt ? (
        <p className="text-muted-foreground text-xs">
          {`Files kept until ${kept.format(new Date(current.expiresAt))}, then deleted.`}
        </p>
      ) : null}
      {current?.manifest ? (
        <ul aria-label="Export files" className="flex flex-wrap gap-2">
          {current.manifest.output.map((file) => (
            <li key={file.type}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => download(file.type, new URL(file.url).pathname)}
              >
                {`${file.type} (${file.count})`}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button type="button" size="sm" onClick={begin} disabled={start.isPending || running}>
          Start export
        </Button>
      </div>
    </section>
  );
}
