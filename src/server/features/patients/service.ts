import { randomBytes } from 'node:crypto';
import type {
  CreatePatientInput,
  ListPatientsParams,
  PatientPage,
  UpdatePatientInput,
} from '../../../shared/patients';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import { createResetLink } from '../auth/service';
import * as careTeam from '../care-team/service';
import { recordValues, toRecord, toSummary } from './record';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'events'>;
type Caller = { id: string; role: Role };

export const PATIENT_NOT_FOUND = 'Patient not found';
/** Who may change a record, create patients and manage their care team. */
const MANAGERS: readonly Role[] = ['staff', 'admin'];

/**
 * The record when the caller may see it (PRODUCT.md, 'Who may see what'): staff and admin every patient,
 * a practitioner their own patients, a patient themselves. Anyone else is told it does not exist, so ids
 * cannot be probed.
 */
async function findInReach(db: Db | Tx, caller: Caller, id: string) {
  const row = await repository.findPatient(db, id);
  if (!row) return null;
  if (MANAGERS.includes(caller.role)) return row;
  if (caller.role === 'practitioner' && (await repository.isInReachOf(db, caller.id, id))) return row;
  if (caller.role === 'patient' && caller.id === id) return row;
  return null;
}

/**
 * For other features that hold patient data (recovery notes, and later appointments and invoices): whether
 * the caller reaches this patient, by the same rules as the record itself. Unknown patients are out of reach.
 */
export async function isPatientInReach(db: Db | Tx, caller: Caller, patientId: string) {
  return (await findInReach(db, caller, patientId)) !== null;
}

/** The ids of the patients a practitioner reaches, as a subquery for other features' lists. */
export const patientIdsInReachOf = (practitionerId: string) => repository.patientIdsInReachOf(practitionerId);

async function recordInReach(db: Db | Tx, caller: Caller, id: string) {
  const row = await findInReach(db, caller, id);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  return row;
}

const audit = (
  tx: Db | Tx,
  caller: Caller,
  {
    action,
    id,
    meta,
    details,
  }: {
    action: string;
    id: string | null;
    meta: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) =>
  recordActivity(tx, {
    actorId: caller.id,
    action,
    entityType: 'patient',
    entityId: id,
    ipAddress: meta.ipAddress,
    details,
  });

export async function listPatients(
  db: Db,
  caller: Caller,
  { query, meta }: { query: ListPatientsParams; meta: RequestMeta },
): Promise<PatientPage> {
  const { limit, sort } = query;
  const reachOf = caller.role === 'practitioner' ? caller.id : undefined;
  if (query.cursor) {
    if (!(await findInReach(db, caller, query.cursor)))
      throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  const rows = await repository.listPatients(db, {
    reachOf,
    search: query.search || undefined,
    status: query.status,
    practitionerId: query.practitionerId,
    sort,
    direction: query.direction ?? (sort === 'name' ? 'asc' : 'desc'),
    cursorId: query.cursor,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  // One entry per list read: who looked, and how many records the page showed (never the search term).
  await audit(db, caller, { action: 'patient.listed', id: null, meta, details: { count: page.length } });
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > limit ? page[page.length - 1].userId : null,
  };
}

export async function getPatient(db: Db, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  const row = await recordInReach(db, caller, id);
  await audit(db, caller, { action: 'patient.viewed', id, meta });
  return toRecord(db, row);
}

/**
 * Staff and admin create a patient: the account (role patient, an unguessable password nobody knows), its
 * record, and a single-use link to choose a password, all in one transaction. The link is emailed after
 * the commit through the forgot-password machinery, so there is one way passwords get set; if it lapses
 * (one hour), the patient uses "Forgot password" on the sign-in page, as the email says.
 */
export async function createPatient(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CreatePatientInput; meta: RequestMeta },
) {
  if (!MANAGERS.includes(caller.role)) throw forbidden();
  if (await accounts.findAccountByEmail(ctx.db, input.email))
    throw badRequest(accounts.ACCOUNT_EXISTS_MESSAGE, { email: accounts.ACCOUNT_EXISTS_MESSAGE });
  const { id, link } = await ctx.db.transaction(async (tx) => {
    const user = await accounts.createAccount(
      tx,
      {
        email: input.email,
        password: randomBytes(32).toString('base64url'),
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'patient',
        phone: input.phone ?? undefined,
      },
      { actorId: caller.id, meta },
    );
    const values = recordValues(input);
    if (Object.keys(values).length > 0) await repository.updatePatient(tx, user.id, values);
    await audit(tx, caller, { action: 'patient.created', id: user.id, meta });
    return { id: user.id, link: await createResetLink(tx, ctx.config.appUrl, user.id) };
  });
  await ctx.mailer.send({
    to: input.email,
    subject: 'Your clinic portal account',
    text:
      `Hello ${input.firstName},\n\nThe clinic has opened a patient portal account for you. ` +
      `Open this link within one hour to choose your password:\n\n${link}\n\n` +
      'If the link has expired, choose "Forgot password" on the sign-in page to get a new one.',
  });
  ctx.events.publish('patient.created', { patientId: id, actorId: caller.id });
  const row = await repository.findPatient(ctx.db, id);
  return toRecord(ctx.db, row!);
}

export async function updatePatient(
  db: Db,
  caller: Caller,
  { id, input, meta }: { id: string; input: UpdatePatientInput; meta: RequestMeta },
) {
  return db.transaction(async (tx) => {
    await recordInReach(tx, caller, id);
    // Practitioners edit the records of their own patients; a patient reads theirs but does not edit it here.
    if (!MANAGERS.includes(caller.role) && caller.role !== 'practitioner') throw forbidden();
    const { firstName, lastName } = input;
    if (firstName !== undefined || lastName !== undefined)
      await accounts.setAccountFields(tx, id, { firstName, lastName });
    const values = recordValues(input);
    if (Object.keys(values).length > 0) await repository.updatePatient(tx, id, values);
    // The names of the changed fields, never their values: the log must not hold health data.
    await audit(tx, caller, {
      action: 'patient.updated',
      id,
      meta,
      details: { fields: Object.keys(input).join(',') },
    });
    return toRecord(tx, (await repository.findPatient(tx, id))!);
  });
}

/** The record becomes inactive; the portal account is left as it is (admins deactivate accounts). */
export async function deactivatePatient(
  db: Db,
  caller: Caller,
  { id, meta }: { id: string; meta: RequestMeta },
) {
  return db.transaction(async (tx) => {
    await recordInReach(tx, caller, id);
    if (!MANAGERS.includes(caller.role)) throw forbidden();
    await repository.updatePatient(tx, id, { status: 'inactive' });
    await audit(tx, caller, { action: 'patient.deactivated', id, meta });
    return toRecord(tx, (await repository.findPatient(tx, id))!);
  });
}

/** Adds or removes a practitioner from the patient's care team; repeating either changes nothing. */
export async function setPractitioner(
  db: Db,
  caller: Caller,
  {
    id,
    practitionerId,
    assigned,
    meta,
  }: { id: string; practitionerId: string; assigned: boolean; meta: RequestMeta },
) {
  return db.transaction(async (tx) => {
    await recordInReach(tx, caller, id);
    if (!MANAGERS.includes(caller.role)) throw forbidden();
    const changed = assigned
      ? await careTeam.assign(tx, practitionerId, id)
      : await careTeam.unassign(tx, practitionerId, id);
    await audit(tx, caller, {
      action: assigned ? 'patient.practitioner-assigned' : 'patient.practitioner-unassigned',
      id,
      meta,
      details: { practitionerId, changed },
    });
    return toRecord(tx, (await repository.findPatient(tx, id))!);
  });
}

/** The record's fields a patient fills in themselves during onboarding (never status or names). */
export type IntakeValues = Omit<repository.PatientValues, 'status' | 'updatedAt'>;

/**
 * Onboarding reads the patient's own record to fill its forms in again; the onboarding feature checks that
 * the caller is this patient and writes the activity entry.
 */
export const intakeRecordOf = (db: Db | Tx, patientId: string) => repository.findPatient(db, patientId);

/** Onboarding saves a step of the patient's own intake into the record, in the caller's transaction. */
export async function saveIntake(tx: Db | Tx, patientId: string, values: IntakeValues) {
  if (Object.keys(values).length > 0) await repository.updatePatient(tx, patientId, values);
}

/*
 * Figures for the dashboards. The dashboard has decided who is asking (staff and admin for the clinic-wide
 * ones) and logs its reading once; these only count and name.
 */

/** Patients whose record was made since a moment: how many, and the newest few. */
export async function newPatientsSince(db: Db, since: Date, limit: number) {
  const rows = await repository.newPatientsSince(db, since, limit);
  return {
    count: rows[0]?.total ?? 0,
    newest: rows.map(({ total: _total, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
    })),
  };
}

export const countActivePatients = (db: Db) => repository.countWithStatus(db, 'active');

/** How many patients a practitioner reaches (their care team). */
export const countPatientsInReachOf = (db: Db, practitionerId: string) =>
  repository.countInReachOf(db, practitionerId);

export type ImportedRecord = repository.PatientValues & { userId: string };

/** The record fields of patients an import created, in one statement. */
export const fillImportedRecords = (tx: Tx, list: ImportedRecord[]) => repository.fillRecords(tx, list);
