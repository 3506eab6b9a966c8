import { expect } from 'vitest';
import type { PatientPage, PatientRecord } from '../../../shared/patients';
import type { Role } from '../../../shared/roles';
import type { TestApp } from '../../test/app';

let counter = 0;

/** A patient made through POST /api/patients (as staff unless told), with a unique name and email. */
export async function createPatient(t: TestApp, fields: Record<string, unknown> = {}, as: Role = 'staff') {
  counter += 1;
  const unique = `${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await t.injectAs(as, {
    method: 'POST',
    url: '/api/patients',
    payload: {
      firstName: 'Casey',
      lastName: `Person${counter}`,
      email: `p${unique}@example.test`,
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PatientRecord>();
}

/** GET /api/patients?query as a demo account, expecting a page. */
export async function listPatients(t: TestApp, query: string, as: Role = 'staff') {
  const response = await t.injectAs(as, { method: 'GET', url: `/api/patients?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientPage>();
}
