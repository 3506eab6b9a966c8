import type { AuthResponse } from '../../../shared/auth';
import {
  type AccountStepInput,
  INTAKE_STEPS,
  ONBOARDING_STEP_TITLES,
  ONBOARDING_STEPS,
  type OnboardingProgress,
  type OnboardingState,
  type PatientConsent,
  SEX_LABELS,
} from '../../../shared/onboarding';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import * as auth from '../auth/service';
import * as patients from '../patients/service';
import { notifyOnboardingCompleted } from './notifications';
import * as repository from './repository';
import { type StepAnswers, writeStep } from './steps';

type Caller = { id: string; role: Role };

/** A first completion counts as a new registration when the account is this young (see below). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

const audit = (
  db: Db | Tx,
  {
    actorId,
    action,
    patientId,
    meta,
    details,
  }: {
    actorId: string;
    action: string;
    patientId: string;
    meta: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) =>
  recordActivity(db, {
    actorId,
    action,
    entityType: 'patient',
    entityId: patientId,
    ipAddress: meta.ipAddress,
    details,
  });

function progressOf(row: repository.OnboardingRow | null): OnboardingProgress {
  const saved = new Set(row?.completedSteps ?? []);
  // The account step is done by having the account.
  const done = ONBOARDING_STEPS.filter((step) => step === 'account' || saved.has(step));
  const complete = row?.completedAt != null;
  const nextStep = ONBOARDING_STEPS.find((step) => !done.includes(step)) ?? (complete ? null : 'consents');
  return {
    completedSteps: complete ? ONBOARDING_STEPS.length : done.length,
    totalSteps: ONBOARDING_STEPS.length,
    complete,
    nextStep: complete ? null : nextStep,
  };
}

/**
 * How far a patient's onboarding is (the patient dashboard and the sidebar show it). The caller has already
 * decided that the one asking may see it; this reads no health data.
 */
export async function getOnboardingProgress(db: Db | Tx, patientUserId: string): Promise<OnboardingProgress> {
  return progressOf(await repository.findOnboarding(db, patientUserId));
}

function toConsent(row: repository.ConsentRow): PatientConsent {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    signedName: row.signedName,
    signedAt: row.signedAt.toISOString(),
    ipAddress: row.ipAddress,
  };
}

const sexKey = (label: string | null) =>
  (Object.entries(SEX_LABELS).find(([, text]) => text.toLowerCase() === label?.toLowerCase())?.[0] ?? null) as
    | string
    | null;

async function stateOf(db: Db | Tx, patientId: string): Promise<OnboardingState> {
  const [row, record, account, consents] = await Promise.all([
    repository.findOnboarding(db, patientId),
    patients.intakeRecordOf(db, patientId),
    accounts.findAccountById(db, patientId),
    repository.currentConsents(db, patientId),
  ]);
  if (!record || !account) throw notFound(patients.PATIENT_NOT_FOUND);
  const saved = new Set(row?.completedSteps ?? []);
  const complete = row?.completedAt != null;
  return {
    ...progressOf(row),
    steps: ONBOARDING_STEPS.map((step) => ({
      step,
      title: ONBOARDING_STEP_TITLES[step],
      done: complete || step === 'account' || saved.has(step),
    })),
    completedAt: row?.completedAt?.toISOString() ?? null,
    fullName: `${account.firstName} ${account.lastName}`,
    data: {
      personal: { dateOfBirth: record.dateOfBirth, sex: sexKey(record.sex), gender: record.gender },
      contact: {
        phone: record.phone,
        addressLine1: record.addressLine1,
        addressLine2: record.addressLine2,
        city: record.city,
        region: record.region,
        postalCode: record.postalCode,
        country: record.country,
        emergencyContactName: record.emergencyContactName,
        emergencyContactRelationship: record.emergencyContactRelationship,
        emergencyContactPhone: record.emergencyContactPhone,
      },
      insurance: {
        insuranceProvider: record.insuranceProvider,
        insurancePolicyNumber: record.insurancePolicyNumber,
        insuranceGroupNumber: record.insuranceGroupNumber,
      },
      medicalHistory: record.medicalHistory,
      medications: record.medications,
      allergies: record.allergies,
      goals: { mainConcern: row?.mainConcern ?? null, goals: row?.goals ?? [] },
      consents: consents.map(toConsent),
    },
  };
}

/**
 * The first step, for a visitor: the patient account, made by the same registration as /api/auth/register
 * (so the visitor comes back signed in with a session token), then marked as made by this flow.
 */
export async function createAccount(
  ctx: AppContext,
  input: AccountStepInput,
  meta: RequestMeta,
): Promise<AuthResponse> {
  if (await accounts.findAccountByEmail(ctx.db, input.email))
    throw badRequest(accounts.ACCOUNT_EXISTS_MESSAGE, { email: accounts.ACCOUNT_EXISTS_MESSAGE });
  const created = await auth.register(ctx, { ...input, role: 'patient' }, meta);
  await ctx.db.transaction(async (tx) => {
    await repository.lockOnboarding(tx, created.user.id, true);
    await audit(tx, {
      actorId: created.user.id,
      action: 'onboarding.started',
      patientId: created.user.id,
      meta,
    });
  });
  return created;
}

export async function getOnboarding(db: Db, caller: Caller, meta: RequestMeta) {
  const state = await stateOf(db, caller.id);
  await audit(db, { actorId: caller.id, action: 'onboarding.viewed', patientId: caller.id, meta });
  return state;
}

/** Saves one step of the intake (the patient's own) and marks it done; saving it again replaces it. */
export async function saveStep(db: Db, caller: Caller, { step, body, meta }: StepAnswers) {
  await db.transaction(async (tx) => {
    const row = await repository.lockOnboarding(tx, caller.id);
    await writeStep(tx, caller.id, { step, body, meta });
    if (!row.completedSteps.includes(step))
      await repository.updateOnboarding(tx, caller.id, { completedSteps: [...row.completedSteps, step] });
    // The step's name only: the answers are health data and stay out of the log.
    await audit(tx, {
      actorId: caller.id,
      action: 'onboarding.step-saved',
      patientId: caller.id,
      meta,
      details: { step },
    });
  });
  return stateOf(db, caller.id);
}

/**
 * Finishes the intake. The first completion of an account made by this flow, or of an account made in the
 * last day that never completed onboarding (registered on /register, then sent here), is a new patient:
 * patient_registered. Anything later, or an older account onboarding for the first time, is patient_updated.
 */
export async function completeOnboarding(ctx: AppContext, caller: Caller, meta: RequestMeta) {
  const kind = await ctx.db.transaction(async (tx) => {
    const row = await repository.lockOnboarding(tx, caller.id);
    const missing = INTAKE_STEPS.filter((step) => !row.completedSteps.includes(step));
    if (missing.length > 0)
      throw badRequest(
        `Finish every step first: ${missing.map((step) => ONBOARDING_STEP_TITLES[step]).join(', ')}`,
        {
          steps: missing.join(','),
        },
      );
    const account = await accounts.findAccountById(tx, caller.id);
    const isNew =
      row.completionCount === 0 &&
      (row.createdViaOnboarding ||
        (account !== null && Date.now() - account.createdAt.getTime() < NEW_ACCOUNT_MS));
    await repository.updateOnboarding(tx, caller.id, {
      completedAt: new Date(),
      completionCount: row.completionCount + 1,
    });
    await audit(tx, {
      actorId: caller.id,
      action: 'onboarding.completed',
      patientId: caller.id,
      meta,
      details: {
        notification: isNew ? 'patient_registered' : 'patient_updated',
      },
    });
    return isNew ? ('registered' as const) : ('updated' as const);
  });
  ctx.events.publish('onboarding.completed', { patientId: caller.id, kind });
  await notifyOnboardingCompleted(ctx, caller.id, kind);
  return stateOf(ctx.db, caller.id);
}

/**
 * The consents in force (the latest signing), for whoever reaches the patient's record (staff and admin all,
 * a practitioner their patients, the patient their own); anyone else is told the patient does not exist.
 */
export async function listConsents(
  db: Db,
  caller: Caller,
  { patientId, meta }: { patientId: string; meta: RequestMeta },
) {
  if (!(await patients.isPatientInReach(db, caller, patientId))) throw notFound(patients.PATIENT_NOT_FOUND);
  const rows = await repository.currentConsents(db, patientId);
  await audit(db, {
    actorId: caller.id,
    action: 'patient.consents-viewed',
    patientId,
    meta,
    details: { count: rows.length },
  });
  return rows.map(toConsent);
}
