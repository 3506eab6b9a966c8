import type { ImportProblem, PreviewRow } from '../../../shared/imports';
import { isOneLine, notOneLine } from '../../../shared/one-line';
import type { Db, Tx } from '../../db/client';
import * as accounts from '../accounts/service';
import { dateOfBirthOf, emailOf } from './values';

export const IMPORT_PROBLEMS = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  email: 'Enter a valid email address',
  duplicateEmail: (line: number) => `This email is already on line ${line} of the file`,
  notPatientEmail: 'This email belongs to a clinic account that is not a patient',
  dateOfBirth: 'Date of birth must be a real past date such as 1984-03-14 or 03/14/1984',
} as const;

export type PatientRow = PreviewRow & {
  /** What the row stores, once read; set when it has no problem. */
  patient?: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    dateOfBirth: string | null;
    sex: string | null;
    addressLine1: string | null;
    city: string | null;
    region: string | null;
    postalCode: string | null;
    country: string | null;
  };
};

const LIMITS: Record<string, [string, number]> = {
  firstName: ['First name', 100],
  lastName: ['Last name', 100],
  phone: ['Phone', 40],
  sex: ['Sex', 40],
  addressLine1: ['Address', 200],
  city: ['City', 100],
  region: ['Province or state', 100],
  postalCode: ['Postal code', 20],
  country: ['Country', 100],
};

/** Every problem of one row's cells, field by field, before anything is looked up. */
function cellProblems(values: Record<string, string>) {
  const problems: ImportProblem[] = [];
  for (const [field, [label, max]] of Object.entries(LIMITS)) {
    const value = values[field] ?? '';
    if ((field === 'firstName' || field === 'lastName') && !value)
      problems.push({ field, message: IMPORT_PROBLEMS.required(label) });
    else if (value.length > max) problems.push({ field, message: IMPORT_PROBLEMS.tooLong(label, max) });
    else if (!isOneLine(value)) problems.push({ field, message: notOneLine(label) });
  }
  if (!values.email) problems.push({ field: 'email', message: IMPORT_PROBLEMS.required('Email') });
  else if (!emailOf(values.email)) problems.push({ field: 'email', message: IMPORT_PROBLEMS.email });
  if (values.dateOfBirth && !dateOfBirthOf(values.dateOfBirth))
    problems.push({ field: 'dateOfBirth', message: IMPORT_PROBLEMS.dateOfBirth });
  return problems;
}

const orNull = (value: string | undefined) => value || null;

/**
 * Reads every row of a clients file as it would be stored: a new patient, one matched by email (already a
 * patient: nothing is written), or skipped with its problems. The same email twice in a file keeps the first.
 */
export async function evaluatePatientRows(db: Db | Tx, rows: Record<string, string>[]) {
  const emails = rows.map((values) => emailOf(values.email ?? ''));
  const existing = await accounts.accountsByEmail(db, [...new Set(emails.filter((e): e is string => !!e))]);
  const firstLine = new Map<string, number>();
  return rows.map((values, index): PatientRow => {
    const line = index + 2;
    const problems = cellProblems(values);
    const email = emails[index];
    const holder = email ? existing.get(email) : undefined;
    if (email) {
      const earlier = firstLine.get(email);
      if (earlier) problems.push({ field: 'email', message: IMPORT_PROBLEMS.duplicateEmail(earlier) });
      else firstLine.set(email, line);
      if (holder && holder.role !== 'patient')
        problems.push({ field: 'email', message: IMPORT_PROBLEMS.notPatientEmail });
    }
    if (problems.length > 0 || !email) return { line, values, action: 'skip', problems };
    const patient = {
      email,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: orNull(values.phone),
      dateOfBirth: values.dateOfBirth ? dateOfBirthOf(values.dateOfBirth) : null,
      sex: orNull(values.sex),
      addressLine1: orNull(values.addressLine1),
      city: orNull(values.city),
      region: orNull(values.region),
      postalCode: orNull(values.postalCode),
      country: orNull(values.country),
    };
    const stored = { ...values, email, dateOfBirth: patient.dateOfBirth ?? '' };
    return { line, values: stored, action: holder ? 'match' : 'create', problems, patient };
  });
}
