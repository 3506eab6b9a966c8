import type { PatientConsent } from '../../shared/onboarding';
import type { AssignedPractitioner, PatientRecord } from '../../shared/patients';
import type { PractitionerOption } from '../../shared/practitioners';
import type { AccessLogEntry } from '../../shared/record-access';
import { jsonResponse } from './fixtures';
import { nextId } from './live-fixtures';

export type Call = { method: string; url: string; body: unknown };

export const PRACTITIONERS: AssignedPractitioner[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Riley',
    lastName: 'Chen',
    email: 'practitioner@demo.clinic',
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    firstName: 'Dana',
    lastName: 'Wells',
    email: 'dana@demo.clinic',
  },
];

let serial = 0;

/** A patient record with every optional field empty unless given. */
export function patientRecord(overrides: Partial<PatientRecord> = {}): PatientRecord {
  serial += 1;
  return {
    id: nextId(),
    firstName: 'Test',
    lastName: `Patient${serial}`,
    email: `patient${serial}@example.test`,
    phone: null,
    dateOfBirth: null,
    status: 'active',
    createdAt: `2026-01-${String(serial % 28 || 1).padStart(2, '0')}T00:00:00.000Z`,
    isAccountActive: true,
    sex: null,
    gender: null,
    addressLine1: null,
    addressLine2: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    emergencyContactName: null,
    emergencyContactRelationship: null,
    emergencyContactPhone: null,
    insuranceProvider: null,
    insurancePolicyNumber: null,
    insuranceGroupNumber: null,
    medicalHistory: null,
    allergies: null,
    medications: null,
    practitioners: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type State = {
  patients: PatientRecord[];
  practitioners?: AssignedPractitioner[];
  pageSize?: number;
  /** Answers a PATCH with this 400 instead of saving. */
  refuseUpdate?: { message: string; fields: Record<string, string> };
  /** Each patient's signed consents, by patient id; none unless given. */
  consents?: Record<string, PatientConsent[]>;
  /** Who opened each patient's record, newest first, by patient id; nobody unless given. */
  accessLog?: Record<string, AccessLogEntry[]>;
};

const summary = (record: PatientRecord) => ({
  id: record.id,
  firstName: record.firstName,
  lastName: record.lastName,
  email: record.email,
  phone: record.phone,
  dateOfBirth: record.dateOfBirth,
  status: record.status,
  createdAt: record.createdAt,
});

/**
 * Answers the patients and practitioners calls like the server does (search, filters, sorts, cursor
 * paging, 404 for an unknown record, the saved record after every write) and records every call.
 */
export function fakePatientsServer(state: State) {
  const calls: Call[] = [];
  const practitioners = state.practitioners ?? PRACTITIONERS;
  const find = (id: string) => state.patients.find((patient) => patient.id === id);
  const replace = (record: PatientRecord) => {
    state.patients = state.patients.map((patient) => (patient.id === record.id ? record : patient));
    return jsonResponse(record);
  };

  const list = (params: URLSearchParams) => {
    const search = (params.get('search') ?? '').toLowerCase();
    const status = params.get('status');
    const practitionerId = params.get('practitionerId');
    const sort = params.get('sort') ?? 'name';
    const direction = params.get('direction') === 'desc' ? -1 : 1;
    const matches = state.patients
      .filter(
        (p) =>
          !search ||
          `${p.firstName} ${p.lastName} ${p.email} ${p.phone ?? ''}`.toLowerCase().includes(search),
      )
      .filter((p) => !status || p.status === status)
      .filter((p) => !practitionerId || p.practitioners.some((pr) => pr.id === practitionerId))
      .sort((a, b) => {
        const key = (p: PatientRecord) => (sort === 'created' ? p.createdAt : `${p.lastName} ${p.firstName}`);
        return key(a).localeCompare(key(b)) * direction;
      });
    const cursor = params.get('cursor');
    const start = cursor ? matches.findIndex((p) => p.id === cursor) + 1 : 0;
    const size = state.pageSize ?? 25;
    const page = matches.slice(start, start + size);
    const nextCursor = start + size < matches.length ? (page.at(-1)?.id ?? null) : null;
    return jsonResponse({ items: page.map(summary), nextCursor });
  };

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/practitioners') {
      calls.push({ method, url, body });
      const options: PractitionerOption[] = practitioners.map(({ id, firstName, lastName }) => ({
        id,
        firstName,
        lastName,
      }));
      return jsonResponse(options);
    }
    if (!pathname.startsWith('/api/patients')) return undefined;
    calls.push({ method, url, body });

    if (pathname === '/api/patients' && method === 'GET') return list(searchParams);
    if (pathname === '/api/patients' && method === 'POST') {
      const created = patientRecord({ ...(body as Partial<PatientRecord>), status: 'active' });
      state.patients = [...state.patients, created];
      return jsonResponse(created, 201);
    }
    const [, , , id, action, practitionerId] = pathname.split('/');
    const record = find(id);
    if (!record) return jsonResponse({ message: 'Patient not found' }, 404);
    if (!action && method === 'GET') return jsonResponse(record);
    if (action === 'consents' && method === 'GET') return jsonResponse(state.consents?.[id] ?? []);
    if (action === 'access-log' && method === 'GET')
      return jsonResponse({ items: state.accessLog?.[id] ?? [], nextCursor: null });
    if (!action && method === 'PATCH') {
      if (state.refuseUpdate) return jsonResponse({ ...state.refuseUpdate, code: 'VALIDATION_ERROR' }, 400);
      return replace({ ...record, ...(body as Partial<PatientRecord>) });
    }
    if (action === 'deactivate' && method === 'POST') return replace({ ...record, status: 'inactive' });
    if (action === 'practitioners') {
      const others = record.practitioners.filter((p) => p.id !== practitionerId);
      const chosen = practitioners.find((p) => p.id === practitionerId);
      if (method === 'POST' && chosen) return replace({ ...record, practitioners: [...others, chosen] });
      if (method === 'DELETE') return replace({ ...record, practitioners: others });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  };

  return { handle, calls, state };
}
