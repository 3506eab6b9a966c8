import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordCopyAnswer } from '../../../shared/record-copies';
import { CLINIC_TIME_ZONE } from '../../../shared/vocabulary/scheduling';
import { activityLog, patientConsents } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson, type TestPerson } from '../../test/people';
import { pay, sentInvoice } from '../billing/testing';
import { completeAll } from '../onboarding/testing';
import { signedNote } from '../recovery-notes/testing';
import { recordCopyJobHandlers } from './copies';
import type { FhirResource } from './mapping';
import { fhirErrors, pdfText, referencesOf, unresolvedQuestionnaires } from './testing';

/**
 * The patient's copy of their record: asked for, prepared by the job, downloaded as a readable PDF and a FHIR
 * collection bundle that validates; shared notes only; each download logged where the patient sees it.
 */
let t: TestApp;
let patient: TestPerson;
let worker: JobWorker;

beforeAll(async () => {
  t = await createTestApp();
  patient = await demoPerson(t, 'patient');
  worker = new JobWorker(t.database.db, { log: t.app.log, handlers: recordCopyJobHandlers(t.ctx) });
});
afterAll(() => t.close());

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: CLINIC_TIME_ZONE,
});
const post = () => t.injectAs('patient', { method: 'POST', url: '/api/my-record/copies' });
const latest = async () =>
  (
    await t.injectAs('patient', { method: 'GET', url: '/api/my-record/copies/latest' })
  ).json<RecordCopyAnswer>();

describe("the patient's copy of their record", () => {
  it('is refused (409) while data exchange is off', async () => {
    const response = await post();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Data exchange is off: an admin can turn it on in Settings');
  });

  it('is prepared once however often it is asked for, then downloads as a PDF and a valid bundle', async () => {
    await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { dataExchange: true },
    });
    const practitioner = await demoPerson(t, 'practitioner');
    const shared = await signedNote(t, practitioner, {
      patientId: patient.id,
      shared: true,
      fields: { subjective: 'Stairs are easier this week', painScore: 3 },
    });
    const unshared = await signedNote(t, practitioner, {
      patientId: patient.id,
      fields: { subjective: 'Private working hypothesis', painScore: 6 },
    });
    const invoice = await sentInvoice(t, patient.id, { cents: 12_000 });
    expect((await pay(t, 'staff', { id: invoice.id, amountCents: 5_000 })).statusCode).toBe(200);
    const intake = await completeAll(t, patient.token, `${patient.firstName} ${patient.lastName}`);
    expect(intake.complete).toBe(true);
    expect((await latest()).copy).toBeNull();
    const first = await post();
    expect(first.statusCode).toBe(200);
    const { copy } = first.json<RecordCopyAnswer>();
    expect(copy?.status).toBe('preparing');
    expect((await post()).json<RecordCopyAnswer>().copy?.id).toBe(copy?.id);
    const early = await t.injectAs('patient', {
      method: 'GET',
      url: `/api/my-record/copies/${copy?.id}/pdf`,
    });
    expect(early.statusCode).toBe(409);

    expect(await worker.drain()).toBe(1);
    expect((await latest()).copy).toMatchObject({ id: copy?.id, status: 'ready' });

    const pdf = await t.injectAs('patient', { method: 'GET', url: `/api/my-record/copies/${copy?.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="my-record-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const heading of [
      'Personal details',
      'Care team',
      'Appointments',
      'Notes shared with you',
      'Consents',
    ])
      expect(text).toContain(heading);
    expect(text).toContain('Stairs are easier this week');
    // Every onboarding answer, and each consent with who signed it and when.
    for (const answer of [
      'Intake completed ',
      'Sex: Female',
      'Gender: Woman',
      'Insurance provider: Harbour Health',
      'Policy number: HH-1234',
      'Medical history: Left knee arthroscopy in 2019',
      'Medications: Ibuprofen 200 mg as needed',
      'Allergies: Penicillin',
      'Main concern: Knee pain when running',
      'Goal: Run 5 km without pain',
      'Goal: Climb stairs',
    ])
      expect(text).toContain(answer);
    const consents = await t.database.db
      .select()
      .from(patientConsents)
      .where(eq(patientConsents.patientId, patient.id));
    expect(consents.map((row) => row.kind).sort()).toEqual(expect.arrayContaining(['privacy', 'treatment']));
    for (const consent of consents)
      expect(text).toContain(
        `${consent.title}: signed "${consent.signedName}" on ${dateTime.format(consent.signedAt)}`,
      );
    expect(text).not.toContain('Email and text reminders (optional): signed');
    expect(text).toContain('Invoices and payments');
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('120.00 USD (issued)');
    expect(text).toMatch(/Payment .+: 50\.00 USD by cash/);
    expect(text).not.toContain('Private working hypothesis');

    const fhir = await t.injectAs('patient', {
      method: 'GET',
      url: `/api/my-record/copies/${copy?.id}/fhir`,
    });
    expect(fhir.statusCode).toBe(200);
    expect(fhir.headers['content-type']).toBe('application/fhir+json');
    const bundle = JSON.parse(fhir.body) as FhirResource;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(fhirErrors(bundle)).toEqual([]);
    const resources = (bundle.entry as { resource: FhirResource }[]).map((entry) => entry.resource);
    expect(resources.flatMap((resource) => fhirErrors(resource))).toEqual([]);
    const present = new Set(resources.map((resource) => `${resource.resourceType}/${resource.id}`));
    expect(
      resources.flatMap((resource) => referencesOf(resource)).filter((ref) => !present.has(ref)),
    ).toEqual([]);
    expect(unresolvedQuestionnaires(resources)).toEqual([]);
    expect(present).toContain(`DocumentReference/${shared.id}`);
    expect(present).not.toContain(`DocumentReference/${unshared.id}`);
    expect(present).not.toContain(`Observation/pain-${unshared.id}`);
    expect(fhir.body).not.toContain(
      Buffer.from('Private working hypothesis').toString('base64').slice(0, 16),
    );
  });

  it('logs each download on the activity log and on the patient access log', async () => {
    const downloads = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'record-copy.downloaded'), eq(activityLog.entityId, patient.id)));
    expect(downloads.map((entry) => (entry.details as { format: string }).format).sort()).toEqual([
      'fhir',
      'pdf',
    ]);
    const log = await t.injectAs('patient', { method: 'GET', url: '/api/patients/me/access-log' });
    const descriptions = (log.json().items as { description: string }[]).map((item) => item.description);
    expect(descriptions.filter((text) => text === 'Downloaded a copy of the record')).toHaveLength(2);
  });

  it('answers 400 for a format it does not make and 404 for a copy that is not there', async () => {
    const { copy } = await latest();
    const bad = await t.injectAs('patient', { method: 'GET', url: `/api/my-record/copies/${copy?.id}/docx` });
    expect(bad.statusCode).toBe(400);
    const missing = await t.injectAs('patient', {
      method: 'GET',
      url: '/api/my-record/copies/00000000-0000-4000-8000-000000000000/pdf',
    });
    expect(missing.statusCode).toBe(404);
  });
});
