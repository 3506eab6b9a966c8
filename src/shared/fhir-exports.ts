/** An admin's whole-clinic FHIR export (Bulk Data NDJSON), as GET /api/fhir-exports/:id answers it. */
export type FhirExportStatus = {
  id: string;
  /** `expired`: the export finished, and its files have been deleted after the retention period. */
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  patientsTotal: number;
  patientsDone: number;
  createdAt: string;
  finishedAt: string | null;
  /** When a finished export's files are deleted (or were). */
  expiresAt: string | null;
  manifest: {
    transactionTime: string;
    request: string;
    requiresAccessToken: true;
    output: { type: string; url: string; count: number }[];
    error: never[];
  } | null;
};
export type FhirExportAnswer = { export: FhirExportStatus };

export const fhirExportExpired = (days: number) =>
  `The files of this export were deleted ${days} days after it finished, as every export's are. Start a new export.`;
