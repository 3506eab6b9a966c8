import { count } from 'drizzle-orm';
import { createAccount, findAccountByEmail, hashPassword } from '../features/accounts/service';
import { seedDemoAppointments, seedDemoSchedules } from '../features/availability/demo';
import { seedDemoBillingPolicy, seedDemoCards, seedDemoInvoices } from '../features/billing/demo';
import { seedDemoFees } from '../features/billing/fees/demo';
import { seedDemoPackages } from '../features/billing/packages/demo';
import { assign } from '../features/care-team/service';
import { seedDemoCheckIns } from '../features/check-ins/demo';
import { seedDemoClinicFeatures } from '../features/clinic-features/demo';
import { seedDemoEvents } from '../features/events/demo';
import { seedDemoExercises } from '../features/exercise-library/demo';
import { seedDemoExerciseProgrammes } from '../features/exercise-programmes/demo';
import { markWelcomed } from '../features/preferences/service';
import { seedDemoRecoveryNotes } from '../features/recovery-notes/demo';
import { seedDemoProducts } from '../features/store/catalogue/demo';
import { seedDemoVideoVisits } from '../features/telehealth/demo';
import type { FileStore } from '../platform/file-store';
import type { Db } from './client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { users } from './schema';
import { seedDemoClinic } from './seed-clinic';

export async function isEmpty(db: Db) {
  const [row] = await db.select({ value: count() }).from(users);
  return row.value === 0;
}

/**
 * The demo clinic: one account per role, all with the demo password, and (unless `clinic: false`) the rest of
 * the clinic: more practitioners and staff, patients with records, care teams and notes, services, hours and
 * appointments, and the starter exercise library with its pictures in `files`. Skips accounts that already exist, so seeding again adds nothing. The password is hashed once
 * for every account.
 */
export async function seedDemo(db: Db, options: { clinic?: boolean; files?: FileStore } = {}) {
  const created: string[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      try {
        await createAccount(tx, { ...account, password: DEMO_PASSWORD }, { actorId: null, passwordHash });
        created.push(account.email);
      } catch (error) {
        if ((error as Error).message.includes('already exists')) continue;
        throw error;
      }
    }
    // The demo patient is in the demo practitioner's care, so the two can message each other.
    const patient = await findAccountByEmail(tx, demoEmail('patient'));
    const practitioner = await findAccountByEmail(tx, demoEmail('practitioner'));
    if (patient?.role === 'patient' && practitioner?.role === 'practitioner') {
      await assign(tx, practitioner.id, patient.id);
      await seedDemoRecoveryNotes(tx, practitioner.id, patient.id);
    }
    if (options.clinic ?? true) created.push(...(await seedDemoClinic(tx, passwordHash)));
    if (options.clinic ?? true) {
      await seedDemoSchedules(tx);
      await seedDemoAppointments(tx);
      await seedDemoInvoices(tx);
      await seedDemoBillingPolicy(tx);
      await seedDemoClinicFeatures(tx);
      await seedDemoFees(tx);
      await seedDemoCards(tx);
      await seedDemoPackages(tx);
      await seedDemoProducts(tx);
      await seedDemoEvents(tx);
      await seedDemoExercises(tx, options.files);
      await seedDemoExerciseProgrammes(tx);
      if (patient) await seedDemoCheckIns(tx, { demoPatientId: patient.id });
      if (patient?.role === 'patient' && practitioner?.role === 'practitioner')
        await seedDemoVideoVisits(tx, { practitionerId: practitioner.id, patientId: patient.id });
    }
    await markWelcomed(tx, created);
  });
  return created;
}

const demoEmail = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)?.email ?? '';

export function demoAccountsTable() {
  const rows = DEMO_ACCOUNTS.map((account) => `  ${account.role.padEnd(13)} ${account.email}`);
  return [`Demo accounts (password: ${DEMO_PASSWORD}):`, ...rows].join('\n');
}
