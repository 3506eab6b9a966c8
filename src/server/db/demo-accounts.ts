import type { Role } from '../../shared/roles';

/** The demo clinic's accounts, one per role; the README and the start-up log print them. */
export const DEMO_PASSWORD = 'ClinicDemo!2026';

export const DEMO_ACCOUNTS: ReadonlyArray<{
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}> = [
  { role: 'patient', email: 'patient@demo.clinic', firstName: 'Pat', lastName: 'Morgan' },
  { role: 'practitioner', email: 'practitioner@demo.clinic', firstName: 'Riley', lastName: 'Chen' },
  { role: 'staff', email: 'staff@demo.clinic', firstName: 'Sam', lastName: 'Ortiz' },
  { role: 'admin', email: 'admin@demo.clinic', firstName: 'Alex', lastName: 'Kim' },
  { role: 'member', email: 'member@demo.clinic', firstName: 'Jordan', lastName: 'Lee' },
];
