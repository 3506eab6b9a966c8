/** An admin's whole-clinic FHIR export (Bulk Data NDJSON), as GET /api/fhir-exports/:id answers it. */
export type FhirExportStatus = {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  patientsTotal: number;
  patientsDone: number;
  createdAt: string;
  finishedAt: string | null;
  manifest: {
    transactionTime: string;
    request: string;
    requiresAccessToken: true;
    output: { type: string; url: string; count: number }[];
    error: never[];
  } | null;
};
export type FhirExportAnswer = { export: FhirExportStatus };
