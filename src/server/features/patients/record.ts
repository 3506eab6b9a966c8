import type { PatientRecord, PatientSummary, UpdatePatientInput } from '../../../shared/patients';
import type { Db, Tx } from '../../db/client';
import * as careTeam from '../care-team/service';
import * as repository from './repository';

/* The patient record as the contract shows it, and the record's values an input writes. */

export function toSummary(row: repository.PatientRow): PatientSummary {
  return {
    id: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function toRecord(db: Db | Tx, row: repository.PatientRow): Promise<PatientRecord> {
  const practitioners = await repository.findPractitioners(
    db,
    await careTeam.practitionersOf(db, row.userId),
  );
  return {
    ...toSummary(row),
    isAccountActive: row.isAccountActive,
    sex: row.sex,
    gender: row.gender,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    emergencyContactName: row.emergencyContactName,
    emergencyContactRelationship: row.emergencyContactRelationship,
    emergencyContactPhone: row.emergencyContactPhone,
    insuranceProvider: row.insuranceProvider,
    insurancePolicyNumber: row.insurancePolicyNumber,
    insuranceGroupNumber: row.insuranceGroupNumber,
    medicalHistory: row.medicalHistory,
    allergies: row.allergies,
    medications: row.medications,
    practitioners,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Splits an input into the account's names and the record's fields; '' clears a field like null. */
export function recordValues(input: Partial<UpdatePatientInput>): repository.PatientValues {
  const {
    firstName: _first,
    lastName: _last,
    email: _email,
    ...fields
  } = input as Partial<UpdatePatientInput & { email: string }>;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) values[key] = value === '' ? null : value;
  return values as repository.PatientValues;
}
