import { randomUUID } from 'node:crypto';
import { OUTCOME_MEASURES, type OutcomeMeasureCode } from '../../../shared/outcome-measures';
import type { Role } from '../../../shared/roles';
import { APP_NAME } from '../../../shared/routes';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
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
  toQuestionnaire,
  toQuestionnaireResponse,
  toScoreObservation,
} from './mapping';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

/**
 * Patients' records as FHIR R4 resources, each patient's list self-contained: the clinic, the practitioners it
 * names (and their roles), the patient, then their appointments, encounters, notes, observations, the
 * questionnaires they answered and their answers, consents, invoices and exercise programmes. Reads a page of
 * patients in one statement per table. `sharedOnly` keeps to the notes shared with the patient (their own copy
 * and their own reads).
 */
export async function patientsResources(
  db: Db | Tx,
  options: { patientIds: readonly string[]; systems: Systems; sharedOnly: boolean },
): Promise<Map<string, FhirResource[]>> {
  const { patientIds, systems, sharedOnly } = options;
  const out = new Map<string, FhirResource[]>();
  if (patientIds.length === 0) return out;
  const [found, teams, appointments, notes, responses, consents, invoices, programmes] = await Promise.all([
    repository.findPatients(db, patientIds),
    repository.careTeams(db, patientIds),
    repository.appointmentsOf(db, patientIds),
    repository.signedNotesOf(db, patientIds, sharedOnly),
    repository.responsesOf(db, patientIds),
    repository.consentsOf(db, patientIds),
    repository.invoicesOf(db, patientIds),
    repository.programmesOf(db, patientIds),
  ]);
  const practitionerIds = new Set<string>();
  for (const row of [...teams, ...appointments, ...notes, ...programmes])
    practitionerIds.add(row.practitionerId);
  for (const invoice of invoices) if (invoice.practitionerId) practitionerIds.add(invoice.practitionerId);
  const people = new Map<string, PersonRow>(
    (await repository.people(db, [...practitionerIds])).map((row) => [row.id, row]),
  );
  const practitioner = (id: string) => people.get(id) as PersonRow;
  const byPatient = <T extends { patientId: string }>(rows: readonly T[]) =>
    repository.groupBy(rows, (row) => row.patientId);
  const teamsOf = byPatient(teams);
  const appointmentsOf = byPatient(appointments);
  const notesOf = byPatient(notes);
  const responsesOf = byPatient(responses);
  const consentsOf = byPatient(consents);
  const invoicesOf = byPatient(invoices);
  const programmesOf = byPatient(programmes);
  const organization = toOrganization({ name: APP_NAME, url: systems.base });

  for (const patient of found) {
    const id = patient.id;
    const teamIds = (teamsOf.get(id) ?? []).map((row) => row.practitionerId);
    const own = {
      appointments: appointmentsOf.get(id) ?? [],
      notes: notesOf.get(id) ?? [],
      invoices: invoicesOf.get(id) ?? [],
      programmes: programmesOf.get(id) ?? [],
    };
    const named = new Set<string>(teamIds);
    for (const row of [...own.appointments, ...own.notes, ...own.programmes]) named.add(row.practitionerId);
    for (const invoice of own.invoices) if (invoice.practitionerId) named.add(invoice.practitionerId);
    const completed = new Set(
      own.appointments.filter((row) => row.status === 'completed').map((row) => row.id),
    );
    const appointmentRows = own.appointments.map((row) => ({
      ...row,
      patient,
      practitioner: practitioner(row.practitionerId),
    }));
    const noteRows = own.notes.map((row) => ({
      ...row,
      signedAt: row.signedAt as Date,
      practitioner: practitioner(row.practitionerId),
    }));
    const responseRows = (responsesOf.get(id) ?? []).map((row) => {
      const measure = OUTCOME_MEASURES[row.measure as OutcomeMeasureCode];
      return {
        ...row,
        measureName: measure.title,
        questions: new Map(measure.items.map((item) => [item.linkId, item.text])),
      };
    });
    out.set(id, [
      organization,
      ...[...named].flatMap((member) => [
        toPractitioner(practitioner(member)),
        toPractitionerRole(practitioner(member)),
      ]),
      toPatient(
        patient,
        teamIds.map((member) => practitioner(member)),
      ),
      ...appointmentRows.map(toAppointment),
      ...appointmentRows.filter((row) => row.status === 'completed').map(toEncounter),
      ...noteRows.map((row) => toDocumentReference(row, completed)),
      ...noteRows.flatMap((row) => noteObservations(row, systems)),
      ...[...new Set(responseRows.map((row) => row.measure))].map((code) =>
        toQuestionnaire(OUTCOME_MEASURES[code as OutcomeMeasureCode], systems),
      ),
      ...responseRows.map((row) => toQuestionnaireResponse(row, systems)),
      ...responseRows.map((row) => toScoreObservation(row, systems)),
      ...(consentsOf.get(id) ?? []).map(toConsent),
      ...own.invoices.map(toInvoice),
      ...own.programmes.map((row) => toCarePlan({ ...row, practitioner: practitioner(row.practitionerId) })),
    ]);
  }
  return out;
}

/** One patient's record as FHIR R4 resources, or null when there is no such patient. */
export async function patientResources(
  db: Db | Tx,
  options: { patientId: string; systems: Systems; sharedOnly: boolean },
): Promise<FhirResource[] | null> {
  const { patientId, ...rest } = options;
  const found = await patientsResources(db, { patientIds: [patientId], ...rest });
  return found.get(patientId) ?? null;
}

/** The Patient resource alone (a search's match), with its care team as general practitioners. */
async function patientResource(db: Db | Tx, patientId: string) {
  const row = await repository.findPatient(db, patientId);
  if (!row) return null;
  const team = await repository.people(db, await repository.careTeamIds(db, patientId));
  return toPatient(row, team);
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

export const FHIR_NOT_FOUND = 'No such resource, or not one you can see';
const MAX_COUNT = 100;
const DEFAULT_COUNT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SearchQuery = Record<string, string | string[] | undefined>;
type Read = { caller: Caller; systems: Systems; meta: RequestMeta };

function notMember(caller: Caller) {
  if (caller.role === 'member') throw forbidden('Members have no clinical records to read');
}

/** One value of a search parameter, refusing repeats and parameters the endpoint does not support. */
function params(query: SearchQuery, allowed: readonly string[]) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!allowed.includes(name))
      throw badRequest(`Unsupported search parameter "${name}"; supported: ${allowed.join(', ')}`);
    if (Array.isArray(value) || value === undefined) throw badRequest(`Give "${name}" once`);
    out[name] = value;
  }
  return out;
}

function countOf(value: string | undefined) {
  if (value === undefined) return DEFAULT_COUNT;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_COUNT)
    throw badRequest(`_count must be a whole number from 1 to ${MAX_COUNT}`);
  return Number(value);
}

const fullUrl = (systems: Systems, resource: FhirResource) =>
  `${systems.base}/fhir/R4/${resource.resourceType}/${resource.id}`;

/** A resource id as a page cursor: the last one of the page before (FHIR id syntax). */
const CURSOR = /^[A-Za-z0-9\-.]{1,64}$/;
export const CURSOR_STALE = 'This page link no longer matches the results; search again from the first page';

function cursorOf(value: string | undefined) {
  if (value !== undefined && !CURSOR.test(value))
    throw badRequest('_cursor must be a link from a search page');
  return value;
}

/** Where a search stands: its type, its parameters (without the cursor), its page size and its cursor. */
type Paging = { type: string; query: Record<string, string>; count: number; cursor?: string };

const pageUrl = (systems: Systems, paging: Paging, cursor?: string) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(paging.query))
    if (name !== '_cursor' && name !== '_count') params.set(name, value);
  params.set('_count', String(paging.count));
  if (cursor) params.set('_cursor', cursor);
  return `${systems.base}/fhir/R4/${paging.type}?${params}`;
};

/**
 * A page of a search: `total` counts every match, `self` is this page and `next` (when there is more) the
 * page after it, its cursor the last id of this one, so walking the pages misses and repeats nothing.
 */
function searchset(
  systems: Systems,
  page: { paging: Paging; resources: readonly FhirResource[]; total: number; hasMore: boolean },
): FhirResource {
  const { paging, resources } = page;
  const last = resources.at(-1);
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    type: 'searchset',
    total: page.total,
    link: [
      { relation: 'self', url: pageUrl(systems, paging, paging.cursor) },
      ...(page.hasMore && last ? [{ relation: 'next', url: pageUrl(systems, paging, last.id) }] : []),
    ],
    // An empty page has no entry at all: FHIR JSON carries no empty arrays.
    ...(resources.length > 0
      ? {
          entry: resources.map((resource) => ({
            fullUrl: fullUrl(systems, resource),
            resource,
            search: { mode: 'match' },
          })),
        }
      : {}),
  };
}

/** A patient's resources as the caller may see them, or a 404 when the patient is out of reach. */
async function resourcesInReach(db: Db, read: Read & { patientId: string }) {
  notMember(read.caller);
  if (!UUID.test(read.patientId) || !(await mayRead(db, read.caller, read.patientId)))
    throw notFound(FHIR_NOT_FOUND);
  const resources = await patientResources(db, {
    patientId: read.patientId,
    systems: read.systems,
    sharedOnly: read.caller.role === 'patient',
  });
  if (!resources) throw notFound(FHIR_NOT_FOUND);
  return resources;
}

/** One resource by type and id, reached through the patient it belongs to. */
export async function readResource(db: Db, read: Read & { type: string; id: string }) {
  notMember(read.caller);
  const patientId = await patientOfResource(db, read.type, read.id);
  if (!patientId) throw notFound(FHIR_NOT_FOUND);
  const resources = await resourcesInReach(db, { ...read, patientId });
  const found = resources.find((resource) => resource.resourceType === read.type && resource.id === read.id);
  if (!found) throw notFound(FHIR_NOT_FOUND);
  await logRead(db, read.caller, { patientId, what: read.type, meta: read.meta });
  return found;
}

async function patientOfResource(db: Db, type: string, id: string) {
  if (type === 'Patient') return UUID.test(id) ? id : null;
  if (type === 'Appointment') return UUID.test(id) ? repository.appointmentPatientId(db, id) : null;
  if (type === 'Observation') {
    const note = /^(?:pain|goal-\d+)-(.+)$/.exec(id);
    if (note && UUID.test(note[1])) return repository.notePatientId(db, note[1]);
    const score = /^score-(.+)$/.exec(id);
    if (score && UUID.test(score[1])) return repository.responsePatientId(db, score[1]);
  }
  return null;
}

/** Patient search: `_id`, `name` (part of a first or last name), `_count`, `_cursor`; only patients in reach. */
export async function searchPatients(db: Db, read: Read & { query: SearchQuery }) {
  notMember(read.caller);
  const query = params(read.query, ['_id', 'name', '_count', '_cursor']);
  const limit = countOf(query._count);
  const cursor = cursorOf(query._cursor);
  if (cursor !== undefined && !UUID.test(cursor))
    throw badRequest('_cursor must be a link from a search page');
  if (query._id !== undefined && !UUID.test(query._id)) throw badRequest('_id must be a patient id');
  if (query.name !== undefined && (query.name.trim() === '' || query.name.length > 100))
    throw badRequest('name must be 1 to 100 characters');
  const { caller } = read;
  const search =
    caller.role === 'patient'
      ? (query._id ?? caller.id) === caller.id
        ? { inReach: null, id: caller.id, name: query.name }
        : null
      : {
          inReach: caller.role === 'practitioner' ? patients.patientIdsInReachOf(caller.id) : null,
          id: query._id,
          name: query.name?.trim(),
        };
  const [ids, total] = search
    ? await Promise.all([
        repository.searchPatientIds(db, { ...search, after: cursor, limit: limit + 1 }),
        repository.countPatientIds(db, search),
      ])
    : [[], 0];
  const found: FhirResource[] = [];
  for (const patientId of ids.slice(0, limit)) {
    const patient = await patientResource(db, patientId);
    if (patient) found.push(patient);
  }
  await recordActivity(db, {
    actorId: caller.id,
    action: 'fhir.searched',
    entityType: 'patient',
    entityId: null,
    ipAddress: read.meta.ipAddress,
    details: { resource: 'Patient', count: found.length },
  });
  return searchset(read.systems, {
    paging: { type: 'Patient', query, count: limit, cursor },
    resources: found,
    total,
    hasMore: ids.length > limit,
  });
}

/** Appointment or Observation search by `patient` (an id or `Patient/<id>`), with `_count` and `_cursor`. */
export async function searchByPatient(db: Db, read: Read & { type: string; query: SearchQuery }) {
  notMember(read.caller);
  const query = params(read.query, ['patient', '_count', '_cursor']);
  const limit = countOf(query._count);
  const cursor = cursorOf(query._cursor);
  if (query.patient === undefined) throw badRequest('Search by patient: give patient=<id>');
  const patientId = query.patient.replace(/^Patient\//, '');
  if (!UUID.test(patientId)) throw badRequest('patient must be a patient id');
  const resources = await resourcesInReach(db, { ...read, patientId });
  const matches = resources.filter((resource) => resource.resourceType === read.type);
  const from = cursor === undefined ? 0 : matches.findIndex((resource) => resource.id === cursor) + 1;
  if (from === 0 && cursor !== undefined) throw badRequest(CURSOR_STALE);
  await logRead(db, read.caller, { patientId, what: read.type, meta: read.meta });
  return searchset(read.systems, {
    paging: { type: read.type, query, count: limit, cursor },
    resources: matches.slice(from, from + limit),
    total: matches.length,
    hasMore: matches.length > from + limit,
  });
}

/** What the endpoint does: read and search of the four types, JSON only. */
export function capabilityStatement(systems: Systems): FhirResource {
  const search = (name: string, type: string, documentation: string) => ({ name, type, documentation });
  const count = search('_count', 'number', `At most ${MAX_COUNT}; ${DEFAULT_COUNT} when left out`);
  const cursor = search('_cursor', 'string', "The page to read: set by a search page's next link");
  const byPatient = [
    search('patient', 'reference', 'The patient (an id or Patient/<id>); required'),
    count,
    cursor,
  ];
  return {
    resourceType: 'CapabilityStatement',
    id: 'clinic',
    status: 'active',
    date: '2026-11-28',
    publisher: APP_NAME,
    kind: 'instance',
    implementation: { description: `${APP_NAME} FHIR R4 read access`, url: `${systems.base}/fhir/R4` },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation: 'Signed-in users only (bearer token or session), each seeing what the app shows them.',
        resource: [
          {
            type: 'Patient',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              search('_id', 'token', 'One patient id'),
              search('name', 'string', 'Part of a first or last name'),
              count,
              cursor,
            ],
          },
          {
            type: 'Appointment',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: byPatient,
          },
          {
            type: 'Observation',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: byPatient,
          },
        ],
      },
    ],
  };
}
