import { z } from 'zod';

/** What a file holds: the clinic's clients (patients), or their upcoming appointments. */
export const IMPORT_KINDS = ['patients', 'appointments'] as const;
export const ImportKindSchema = z.enum(IMPORT_KINDS, { error: 'Kind must be patients or appointments' });
export type ImportKind = z.infer<typeof ImportKindSchema>;

/** The column layouts of other systems' client exports, and 'custom' for any CSV mapped by hand. */
export const IMPORT_PRESETS = ['jane', 'simplepractice', 'custom'] as const;
export const ImportPresetSchema = z.enum(IMPORT_PRESETS, {
  error: 'Preset must be jane, simplepractice or custom',
});
export type ImportPreset = z.infer<typeof ImportPresetSchema>;
export const PRESET_LABELS: Record<ImportPreset, string> = {
  jane: 'Jane App',
  simplepractice: 'SimplePractice',
  custom: 'Other (map the columns)',
};

export const PATIENT_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'sex',
  'addressLine1',
  'city',
  'region',
  'postalCode',
  'country',
] as const;
export const APPOINTMENT_IMPORT_FIELDS = [
  'patientEmail',
  'practitionerEmail',
  'service',
  'startsAt',
  'endsAt',
  'notes',
] as const;
export type ImportField = (typeof PATIENT_IMPORT_FIELDS)[number] | (typeof APPOINTMENT_IMPORT_FIELDS)[number];

export const REQUIRED_IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  patients: ['firstName', 'lastName', 'email'],
  appointments: ['patientEmail', 'practitionerEmail', 'service', 'startsAt'],
};
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  patients: PATIENT_IMPORT_FIELDS,
  appointments: APPOINTMENT_IMPORT_FIELDS,
};

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  sex: 'Sex',
  addressLine1: 'Address',
  city: 'City',
  region: 'Province or state',
  postalCode: 'Postal code',
  country: 'Country',
  patientEmail: 'Patient email',
  practitionerEmail: 'Practitioner email',
  service: 'Service',
  startsAt: 'Start',
  endsAt: 'End',
  notes: 'Notes',
};

/** Largest file accepted, and most rows: well above a clinic's whole history of clients. */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The request carrying a file as JSON text: room for the file and its escaping. */
export const IMPORT_BODY_LIMIT_BYTES = IMPORT_MAX_BYTES * 2;
/** How many rows of a preview come back in full (every row with a problem comes back regardless). */
export const PREVIEW_ROWS_SHOWN = 50;
export const PREVIEW_PROBLEM_ROWS_MAX = 500;
/** An import may be undone this long after it finished. */
export const UNDO_WINDOW_HOURS = 24;

/** A mapping names, for each field, the CSV header it comes from (absent: not imported). */
export const ImportMappingSchema = z.record(
  z.string(),
  z.string().max(200, 'A column name must be at most 200 characters'),
);
export type ImportMapping = Record<string, string>;

export const ImportInputSchema = z.strictObject({
  kind: ImportKindSchema,
  preset: ImportPresetSchema.default('custom'),
  mapping: ImportMappingSchema.optional(),
  fileName: z.string().trim().max(200, 'File name must be at most 200 characters').default('import.csv'),
  csv: z
    .string({ error: 'The file is required' })
    .min(1, 'The file is empty')
    .max(IMPORT_MAX_BYTES, 'The file is larger than 16 MB'),
});
export type ImportInput = z.input<typeof ImportInputSchema>;

export const ImportProblemSchema = z.object({ field: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;
export const ROW_ACTIONS = ['create', 'match', 'skip'] as const;
export const PreviewRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  values: z.record(z.string(), z.string()),
  action: z.enum(ROW_ACTIONS),
  problems: z.array(ImportProblemSchema),
});
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

export const ImportCountsSchema = z.object({
  rows: z.number(),
  create: z.number(),
  match: z.number(),
  skip: z.number(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportPreviewSchema = z.object({
  kind: ImportKindSchema,
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  /** Fields the file must map before anything can be imported. */
  missingFields: z.array(z.string()),
  counts: ImportCountsSchema,
  rows: z.array(PreviewRowSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export const ImportRunSchema = z.object({
  id: z.string(),
  kind: ImportKindSchema,
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number(),
  processed: z.number(),
  created: z.number(),
  matched: z.number(),
  skipped: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  canUndo: z.boolean(),
});
export type ImportRun = z.infer<typeof ImportRunSchema>;
export const ImportRunListSchema = z.array(ImportRunSchema);
export const ImportIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'id must be a UUID' }) });

export const IMPORT_ERRORS = {
  notFound: 'Import not found',
  nothingMapped: 'Map every required column before importing',
  notUndoable: 'Only a finished import can be undone',
  undoLapsed: `An import can be undone only within ${UNDO_WINDOW_HOURS} hours`,
  noHeader: 'The file has no header row',
  unreadable: 'The file is not a readable CSV',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows`,
} as const;
