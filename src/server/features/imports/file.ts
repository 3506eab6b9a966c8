import { parse } from 'csv-parse/sync';
import {
  IMPORT_ERRORS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportPreset,
  REQUIRED_IMPORT_FIELDS,
} from '../../../shared/imports';
import { badRequest } from '../../platform/errors';

/** The header row and the rows beneath it, each as header -> cell. */
export type CsvFile = { headers: string[]; rows: Record<string, string>[] };

export function readCsv(text: string): CsvFile {
  let table: string[][];
  try {
    table = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    throw badRequest(IMPORT_ERRORS.unreadable, { csv: IMPORT_ERRORS.unreadable });
  }
  const [header, ...body] = table;
  if (!header || header.every((cell) => cell === ''))
    throw badRequest(IMPORT_ERRORS.noHeader, { csv: IMPORT_ERRORS.noHeader });
  if (body.length > IMPORT_MAX_ROWS)
    throw badRequest(IMPORT_ERRORS.tooManyRows, { csv: IMPORT_ERRORS.tooManyRows });
  const rows = body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
  return { headers: header, rows };
}

/**
 * The client exports of other systems, by the headers they write (docs/features/import.md lists them). A
 * field whose header a file lacks is left unmapped, for the admin to map by hand.
 */
const PRESETS: Record<Exclude<ImportPreset, 'custom'>, Partial<Record<ImportField, string>>> = {
  jane: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Mobile Phone',
    dateOfBirth: 'Date of Birth',
    sex: 'Sex',
    addressLine1: 'Address',
    city: 'City',
    region: 'Province',
    postalCode: 'Postal Code',
    country: 'Country',
  },
  simplepractice: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    dateOfBirth: 'Date of Birth',
    sex: 'Sex',
    addressLine1: 'Street Address',
    city: 'City',
    region: 'State',
    postalCode: 'ZIP Code',
    country: 'Country',
  },
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Other common spellings of a field's header, for a file mapped without a preset. */
const ALIASES: Partial<Record<ImportField, string[]>> = {
  firstName: ['given name', 'first'],
  lastName: ['surname', 'family name', 'last'],
  email: ['email address', 'e-mail'],
  phone: ['mobile phone', 'mobile', 'cell phone', 'phone number'],
  dateOfBirth: ['dob', 'birth date', 'birthdate'],
  addressLine1: ['street address', 'street', 'address line 1'],
  region: ['province', 'state'],
  postalCode: ['zip', 'zip code', 'postcode'],
  patientEmail: ['client email', 'patient'],
  practitionerEmail: ['staff email', 'provider email', 'clinician email'],
  service: ['treatment', 'service type', 'appointment type'],
  startsAt: ['start time', 'starts at', 'start date'],
  endsAt: ['end time', 'ends at'],
};

/**
 * The mapping in force: the admin's choices when there are any; otherwise the preset's headers, then a
 * header whose name reads as the field's. Only headers the file has are kept.
 */
export function resolveMapping(
  file: CsvFile,
  { kind, preset, chosen }: { kind: ImportKind; preset: ImportPreset; chosen?: ImportMapping },
) {
  const byName = new Map(file.headers.map((header) => [squash(header), header]));
  const present = new Set(file.headers);
  const mapping: Record<string, string> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    // A mapping the admin chose is taken whole: a field it leaves out stays out.
    if (chosen) {
      if (chosen[field] && present.has(chosen[field])) mapping[field] = chosen[field];
      continue;
    }
    const fromPreset = kind === 'patients' && preset !== 'custom' ? PRESETS[preset][field] : undefined;
    const names = [fromPreset, field, IMPORT_FIELD_LABELS[field], ...(ALIASES[field] ?? [])];
    const header = names.map((name) => name && byName.get(squash(name))).find(Boolean);
    if (header) mapping[field] = header;
  }
  const missingFields = REQUIRED_IMPORT_FIELDS[kind].filter((field) => !mapping[field]);
  return { mapping, missingFields };
}

/** A row's cells under the field names, '' where unmapped. */
export const fieldsOf = (row: Record<string, string>, mapping: Record<string, string>) =>
  Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, row[header] ?? '']));
