import {
  PACKAGE_ERRORS,
  type PackageInput,
  PackageInputSchema,
  type PackageListAnswer,
  type PatientPackagesAnswer,
  type SessionPackage,
} from '../../../../shared/billing-packages';
import type { Db } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import * as patients from '../../patients/service';
import type { Caller } from '../invoices/access';
import { requireSessionBilling } from '../settings/service';
import * as repository from './repository';

/*
 * The catalogue of packages (decision 0031): every biller reads it, admins write it; and the packages a patient
 * holds, read by the patient (their own), the practitioners who reach them, staff and admins.
 */

type Row = Awaited<ReturnType<typeof repository.listPackages>>[number];

const toPackage = (row: Row): SessionPackage => ({
  id: row.id,
  name: row.name,
  sessions: row.sessions,
  priceCents: row.priceCents,
  isActive: row.isActive,
  services: row.services,
});

const audit = (
  db: Parameters<typeof recordActivity>[0],
  entry: {
    caller: Caller;
    action: string;
    id: string | null;
    meta: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) =>
  recordActivity(db, {
    actorId: entry.caller.id,
    action: entry.action,
    entityType: 'package',
    entityId: entry.id,
    ipAddress: entry.meta.ipAddress,
    details: entry.details,
  });

export async function listPackages(db: Db): Promise<PackageListAnswer> {
  await requireSessionBilling(db);
  return { packages: (await repository.listPackages(db)).map(toPackage) };
}

async function checkServices(db: Db, input: { serviceTypeIds: string[] }) {
  if (!(await repository.servicesExist(db, input.serviceTypeIds)))
    throw badRequest(PACKAGE_ERRORS.serviceNotFound, { serviceTypeIds: PACKAGE_ERRORS.serviceNotFound });
}

async function packageOf(db: Db, id: string) {
  const [row] = await repository.listPackages(db, [id]);
  if (!row) throw notFound(PACKAGE_ERRORS.notFound);
  return { package: toPackage(row) };
}

export async function createPackage(
  db: Db,
  caller: Caller,
  change: { input: PackageInput; meta: RequestMeta },
) {
  await requireSessionBilling(db);
  const { serviceTypeIds, ...values } = PackageInputSchema.parse(change.input);
  await checkServices(db, { serviceTypeIds });
  const row = await db.transaction(async (tx) => {
    const made = await repository.insertPackage(tx, {
      values: { ...values, createdBy: caller.id },
      serviceTypeIds,
    });
    await audit(tx, {
      caller,
      action: 'package.created',
      id: made.id,
      meta: change.meta,
      details: { sessions: made.sessions, priceCents: made.priceCents },
    });
    return made;
  });
  return packageOf(db, row.id);
}

export async function updatePackage(
  db: Db,
  caller: Caller,
  change: { id: string; input: PackageInput; meta: RequestMeta },
) {
  await requireSessionBilling(db);
  const { serviceTypeIds, ...values } = PackageInputSchema.parse(change.input);
  await checkServices(db, { serviceTypeIds });
  await db.transaction(async (tx) => {
    const row = await repository.updatePackage(tx, { id: change.id, values, serviceTypeIds });
    if (!row) throw notFound(PACKAGE_ERRORS.notFound);
    await audit(tx, {
      caller,
      action: 'package.updated',
      id: row.id,
      meta: change.meta,
      details: { sessions: row.sessions, priceCents: row.priceCents, isActive: row.isActive },
    });
  });
  return packageOf(db, change.id);
}

/** Deletes a package never sold; one that was is made inactive instead (409 says so). */
export async function deletePackage(db: Db, caller: Caller, change: { id: string; meta: RequestMeta }) {
  await requireSessionBilling(db);
  try {
    await db.transaction(async (tx) => {
      const deleted = await repository.deletePackage(tx, change.id);
      if (!deleted) throw notFound(PACKAGE_ERRORS.notFound);
      if (deleted === 'sold') throw new AppError('CONFLICT', PACKAGE_ERRORS.sold);
      await audit(tx, { caller, action: 'package.deleted', id: change.id, meta: change.meta });
    });
  } catch (error) {
    // Sold between the check and the delete: the line's foreign key refuses it.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', PACKAGE_ERRORS.sold);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23503' || cause?.code === '23503';
}

/**
 * The packages a patient holds with what is left of each: a patient reads their own whatever id they send
 * (another's answers 404), a practitioner those of the patients they reach, staff and admins any.
 */
export async function listHeld(
  db: Db,
  caller: Caller,
  read: { patientId?: string; meta: RequestMeta },
): Promise<PatientPackagesAnswer> {
  await requireSessionBilling(db);
  const patientId = read.patientId ?? (caller.role === 'patient' ? caller.id : undefined);
  if (!patientId) throw badRequest(PACKAGE_ERRORS.patient, { patientId: PACKAGE_ERRORS.patient });
  if (!(await patients.isPatientInReach(db, caller, patientId)))
    throw notFound(PACKAGE_ERRORS.patientNotFound);
  const rows = await repository.heldBy(db, patientId);
  await recordActivity(db, {
    actorId: caller.id,
    action: 'package.held_listed',
    entityType: 'patient_package',
    entityId: null,
    ipAddress: read.meta.ipAddress,
    details: { patientId, shown: rows.length },
  });
  return {
    packages: rows.map(({ held, name, invoiceNumber, services }) => ({
      id: held.id,
      packageId: held.packageId,
      name,
      sessionsTotal: held.sessionsTotal,
      sessionsUsed: held.sessionsUsed,
      sessionsLeft: held.sessionsTotal - held.sessionsUsed,
      services: services.map((service) => service.name),
      invoiceId: held.invoiceId,
      invoiceNumber,
      purchasedAt: held.createdAt.toISOString(),
    })),
  };
}
