import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_MEASURE_CODES, OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import { patients } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type AppointmentRow,
  type FhirResource,
  noteObservations,
  type PersonRow,
  toAppointment,
  toCarePlan,
  toConsent,
  toDocumentReference,
  toEncounter,
  toInvoice,
  toPatient,
  toQuestionnaire,
  toQuestionnaireResponse,
  toScoreObservation,
} from './mapping';
import { patientResources } from './service';
import { fhirErrors, referencesOf, unresolvedQuestionnaires } from './testing';

/** Every resource the mapping makes validates against FHIR R4, on the demo clinic and on hand-made edge cases. */
const systems = { base: 'https://clinic.example' };

const allErrors = (resources: readonly FhirResource[]) => resources.flatMap(fhirErrors);

describe('FHIR mapping on the demo clinic', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clinic: true });
  }, 120_000);
  afterAll(() => t.close());

  it('makes resources of every kind for the demo patients, all valid R4, every reference resolved', async () => {
    const ids = (await t.database.db.select({ id: patients.userId }).from(patients)).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(5);
    const kinds = new Set<string>();
    const errors: string[] = [];
    for (const patientId of ids) {
      const resources =
        (await patientResources(t.database.db, { patientId, systems, sharedOnly: false })) ?? [];
      const present = new Set(resources.map((resource) => `${resource.resourceType}/${resource.id}`));
      expect(present.size, 'each resource once').toBe(resources.length);
      for (const resource of resources) kinds.add(resource.resourceType);
      errors.push(...allErrors(resources));
      const dangling = resources
        .flatMap((resource) => referencesOf(resource))
        .filter((reference) => !present.has(reference));
      expect(dangling, patientId).toEqual([]);
      expect(unresolvedQuestionnaires(resources), patientId).toEqual([]);
    }
    expect(errors).toEqual([]);
    expect([...kinds].sort()).toEqual(
      [
        'Appointment',
        'CarePlan',
        'Consent',
        'DocumentReference',
        'Encounter',
        'Invoice',
        'Observation',
        'Organization',
        'Patient',
        'Practitioner',
        'PractitionerRole',
        'Questionnaire',
        'QuestionnaireResponse',
      ].sort(),
    );
  }, 120_000);
});

const practitioner: PersonRow = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ada',
  lastName: 'Reyes',
  email: 'ada@example.test',
  isActive: true,
};
const patient = {
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Sam',
  lastName: "O'Neil",
  email: 'sam@example.test',
  isActive: false,
  dateOfBirth: null,
  sex: 'prefer_not_to_say',
  phone: '  ',
  addressLine1: null,
  addressLine2: 'Flat 2',
  city: null,
  region: null,
  postalCode: null,
  country: null,
  emergencyContactName: 'Kim',
  emergencyContactRelationship: null,
  emergencyContactPhone: null,
  status: 'discharged',
};

describe('FHIR mapping on hand-made rows', () => {
  it('leaves out what is empty and keeps the required elements', () => {
    const resource = toPatient(patient, []);
    expect(fhirErrors(resource)).toEqual([]);
    expect(resource).toMatchObject({
      active: false,
      gender: 'unknown',
      address: [{ line: ['Flat 2'] }],
      contact: [{ name: { text: 'Kim' } }],
    });
    expect(resource).not.toHaveProperty('birthDate');
    expect(resource.telecom).toEqual([{ system: 'email', value: 'sam@example.test' }]);
  });

  it('maps each appointment status, and only a completed one to an Encounter', () => {
    const base: AppointmentRow = {
      id: '33333333-3333-4333-8333-333333333333',
      patient,
      practitioner,
      serviceName: 'Initial assessment',
      startsAt: new Date('2026-03-02T09:00:00Z'),
      endsAt: new Date('2026-03-02T09:45:00Z'),
      status: 'scheduled',
      cancellationReason: null,
      createdAt: new Date('2026-02-01T10:00:00Z'),
    };
    const statuses = ['scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'] as const;
    const mapped = statuses.map((status) =>
      toAppointment({ ...base, status, cancellationReason: status === 'cancelled' ? 'Unwell' : null }),
    );
    expect(mapped.map((resource) => resource.status)).toEqual([
      'booked',
      'booked',
      'arrived',
      'fulfilled',
      'cancelled',
      'noshow',
    ]);
    expect(mapped[4].cancelationReason).toEqual({ text: 'Unwell' });
    expect(mapped[0].minutesDuration).toBe(45);
    expect(allErrors([...mapped, toEncounter({ ...base, status: 'completed' })])).toEqual([]);
  });

  it('turns a note without pain score or goals into a document only, and an amended one into amended', () => {
    const note = {
      id: '44444444-4444-4444-8444-444444444444',
      patientId: patient.id,
      practitioner,
      appointmentId: null,
      subjective: 'Knee “better” – stairs ok',
      objective: '',
      assessment: '',
      plan: '',
      painScore: null,
      goals: [],
      signedAt: new Date('2026-03-02T10:00:00Z'),
      amendmentCount: 0,
    };
    expect(noteObservations(note, systems)).toEqual([]);
    const document = toDocumentReference(note, new Set());
    expect(document.docStatus).toBe('final');
    const amended = {
      ...note,
      painScore: 0,
      goals: [{ goal: 'Run 5 km', progress: 100 }],
      amendmentCount: 2,
    };
    const observations = noteObservations(amended, systems);
    expect(observations.map((resource) => resource.status)).toEqual(['amended', 'amended']);
    expect(observations[0].valueInteger).toBe(0);
    const attachment = (document.content as { attachment: { data: string } }[])[0].attachment;
    expect(Buffer.from(attachment.data, 'base64').toString('utf8')).toContain('Knee “better” – stairs ok');
    expect(allErrors([document, toDocumentReference(amended, new Set()), ...observations])).toEqual([]);
  });

  it('maps answers with text and numbers, a void invoice, a consent and a stopped programme', () => {
    const response = {
      id: '55555555-5555-4555-8555-555555555555',
      patientId: patient.id,
      measure: 'psfs',
      measureName: 'Patient-Specific Functional Scale',
      answers: [
        { linkId: 'activity-1', value: 'Climbing stairs' },
        { linkId: 'rating-1', value: 4 },
      ],
      questions: new Map([['activity-1', 'An activity']]),
      score: 4.5,
      completedAt: new Date('2026-03-03T08:00:00Z'),
    };
    const resources = [
      toQuestionnaireResponse(response, systems),
      toScoreObservation(response, systems),
      toConsent({
        id: '66666666-6666-4666-8666-666666666666',
        patientId: patient.id,
        kind: 'communication',
        title: 'Communication preferences',
        signedName: 'Sam O',
        signedAt: new Date('2026-01-01T00:00:00Z'),
      }),
      toInvoice({
        id: '77777777-7777-4777-8777-777777777777',
        number: null,
        patientId: patient.id,
        practitionerId: null,
        status: 'void',
        currency: 'usd',
        issueDate: null,
        totalCents: 0,
        subtotalCents: 0,
        paidCents: 0,
        voidReason: 'Raised in error',
        lines: [],
      }),
      toCarePlan({
        id: '88888888-8888-4888-8888-888888888888',
        patientId: patient.id,
        practitioner,
        title: 'Knee programme',
        startDate: '2026-03-01',
        reviewDate: null,
        status: 'stopped',
        createdAt: new Date('2026-03-01T09:00:00Z'),
        items: [],
      }),
    ];
    expect(allErrors(resources)).toEqual([]);
    expect(resources[1].valueQuantity).toMatchObject({ value: 4.5, code: '{score}' });
    expect(resources[3]).toMatchObject({ status: 'cancelled', cancelledReason: 'Raised in error' });
    expect(resources[4]).toMatchObject({ status: 'revoked' });
  });

  it('the validator itself refuses a broken resource', () => {
    expect(
      fhirErrors({ resourceType: 'Appointment', id: 'x', status: 'booked', participant: [] }),
    ).not.toEqual([]);
  });
});

describe('Questionnaires of the outcome measures', () => {
  it.each(OUTCOME_MEASURE_CODES)(
    '%s is a valid Questionnaire at the canonical its responses name',
    (code) => {
      const measure = OUTCOME_MEASURES[code];
      const questionnaire = toQuestionnaire(measure, systems);
      expect(fhirErrors(questionnaire)).toEqual([]);
      expect(questionnaire).toMatchObject({
        id: code,
        url: `https://clinic.example/fhir/Questionnaire/${code}`,
        status: 'active',
        title: measure.title,
      });
      const items = questionnaire.item as { linkId: string; type: string; answerOption?: unknown[] }[];
      expect(items.map((item) => item.linkId)).toEqual(measure.items.map((item) => item.linkId));
      const answered = toQuestionnaireResponse(
        {
          id: '33333333-3333-4333-8333-333333333333',
          patientId: '22222222-2222-4222-8222-222222222222',
          measure: code,
          measureName: measure.title,
          questions: new Map(measure.items.map((item) => [item.linkId, item.text])),
          answers: [],
          score: 0,
          completedAt: new Date('2026-03-01T10:00:00Z'),
        },
        systems,
      );
      expect(answered.questionnaire).toBe(questionnaire.url);
    },
  );
});
