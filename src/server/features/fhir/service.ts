import { OUTCOME_MEASURES, type OutcomeMeasureCode } from '../../../shared/outcome-measures';
import type { Role } from '../../../shared/roles';
import { APP_NAME } from '../../../shared/routes';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import * as patients from '../patients/service';
import {
  type FhirResource,
  noteObservations,
  type PersonRow,
  type Systems,
  toAppointment,
  toCarePlan,
  toConsent,
  toDocumentReference,
  toEncounter,
  toInvoice,
  toOrganization,
  toPatient,
  toPractitioner,
  toPractitionerRole,
  toQuestionnaireResponse,
  toScoreObservation,
} from './mapping';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

/**
 * One patient's record as FHIR R4 resources, each once: the clinic, the practitioners it names (and their
 * roles), the patient, then their appointments, encounters, notes, observations, answers, consents, invoices
 * and exercise programmes. `sharedOnly` keeps to the notes shared with the patient (their own copy).
 */
export async function patientResources(
  db: Db | Tx,
  options: { patientId: string; systems: Systems; sharedOnly: boolean },
): Promise<FhirResource[] | null> {
  const { patientId, systems, sharedOnly } = options;
  const patient = await repository.findPatient(db, patientId);
  if (!patient) return null;
  const [teamIds, appointments, notes, responses, consents, invoices, programmes] = await Promise.all([
    repository.careTeamIds(db, patientId),
    repository.appointmentsOf(db, patientId),
    repository.signedNotesOf(db, patientId, sharedOnly),
    repository.responsesOf(db, patientId),
    repository.consentsOf(db, patientId),
    repository.invoicesOf(db, patientId),
    repository.programmesOf(db, patientId),
  ]);
  const practitionerIds = new Set<string>(teamIds);
  for (const row of [...appointments, ...notes, ...programmes]) practitionerIds.add(row.practitionerId);
  for (const invoice of invoices) if (invoice.practitionerId) practitionerIds.add(invoice.practitionerId);
  const people = new Map<string, PersonRow>(
    (await repository.people(db, [...practitionerIds])).map((row) => [row.id, row]),
  );
  const practitioner = (id: string) => people.get(id) as PersonRow;
  const completed = new Set(appointments.filter((row) => row.status === 'completed').map((row) => row.id));
  const appointmentRows = appointments.map((row) => ({
    ...row,
    patient,
    practitioner: practitioner(row.practitionerId),
  }));
  const noteRows = notes.map((row) => ({
    ...row,
    signedAt: row.signedAt as Date,
    practitioner: practitioner(row.practitionerId),
  }));
  const responseRows = responses.map((row) => {
    const measure = OUTCOME_MEASURES[row.measure as OutcomeMeasureCode];
    return {
      ...row,
      measureName: measure.title,
      questions: new Map(measure.items.map((item) => [item.linkId, item.text])),
    };
  });
  return [
    toOrganization({ name: APP_NAME, url: systems.base }),
    ...[...people.values()].flatMap((row) => [toPractitioner(row), toPractitionerRole(row)]),
    toPatient(
      patient,
      teamIds.map((id) => practitioner(id)),
    ),
    ...appointmentRows.map(toAppointment),
    ...appointmentRows.filter((row) => row.status === 'completed').map(toEncounter),
    ...noteRows.map((row) => toDocumentReference(row, completed)),
    ...noteRows.flatMap((row) => noteObservations(row, systems)),
    ...responseRows.map((row) => toQuestionnaireResponse(row, systems)),
    ...responseRows.map((row) => toScoreObservation(row, systems)),
    ...consents.map(toConsent),
    ...invoices.map(toInvoice),
    ...programmes.map((row) => toCarePlan({ ...row, practitioner: practitioner(row.practitionerId) })),
  ];
}

/** Whether the caller reaches the patient, by the app's own rules (PRODUCT.md); members reach no one. */
export const mayRead = (db: Db | Tx, caller: Caller, patientId: string) =>
  patients.isPatientInReach(db, caller, patientId);

/** A read through FHIR is a read of the record: it goes on the activity log and the patient's access log. */
export const logRead = (
  db: Db | Tx,
  caller: Caller,
  read: { patientId: string; what: string; meta: RequestMeta },
) =>
  recordActivity(db, {
    actorId: caller.id,
    action: 'fhir.read',
    entityType: 'patient',
    entityId: read.patientId,
    ipAddress: read.meta.ipAddress,
    details: { resource: read.what },
  });
