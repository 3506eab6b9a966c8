import type { AppointmentStatus } from '../../../shared/vocabulary/scheduling';

/**
 * The clinic's records as FHIR R4 resources (docs/features/fhir.md). Pure functions of rows: the repository
 * reads, these shape. Every id is the row's own uuid (or a prefix and it, for a resource one row yields several
 * of), so a resource keeps its id from one export to the next.
 */

export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;
export type Reference = { reference: string; display?: string };

/** Where the clinic's own code systems live: under its address, `<appUrl>/fhir/CodeSystem/<name>`. */
export type Systems = { base: string };
const codeSystem = (systems: Systems, name: string) => `${systems.base}/fhir/CodeSystem/${name}`;

export const ORGANIZATION_ID = 'clinic';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const ROLE_CODE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const CONSENT_CATEGORY = 'http://loinc.org';
const CONSENT_POLICY = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

export const ref = (type: string, id: string, display?: string): Reference =>
  display ? { reference: `${type}/${id}`, display } : { reference: `${type}/${id}` };
const iso = (value: Date) => value.toISOString();
const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);
/** Drops undefined members and empty arrays, so no resource carries an empty element (FHIR ele-1). */
function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || member === null) continue;
    if (Array.isArray(member) && member.length === 0) continue;
    out[key] = member;
  }
  return out as T;
}
const humanName = (person: { firstName: string; lastName: string }) => [
  { use: 'official', family: person.lastName, given: [person.firstName], text: fullName(person) },
];

export type PersonRow = { id: string; firstName: string; lastName: string; email: string; isActive: boolean };

export type PatientRow = PersonRow & {
  dateOfBirth: string | null;
  sex: string | null;
  phone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  emergencyContactName: string | null;
  emergencyContactRelationship: string | null;
  emergencyContactPhone: string | null;
  status: string;
};

/** AdministrativeGender from the intake's sex (female, male, intersex, prefer not to say). */
const GENDER: Record<string, string> = { female: 'female', male: 'male', intersex: 'other' };

export function toPatient(row: PatientRow, careTeam: readonly PersonRow[]): FhirResource {
  const line = [text(row.addressLine1), text(row.addressLine2)].filter((part): part is string => !!part);
  const address = compact({
    line,
    city: text(row.city),
    state: text(row.region),
    postalCode: text(row.postalCode),
    country: text(row.country),
  });
  const contact = text(row.emergencyContactName)
    ? [
        compact({
          relationship: text(row.emergencyContactRelationship)
            ? [{ text: text(row.emergencyContactRelationship) }]
            : undefined,
          name: { text: text(row.emergencyContactName) },
          telecom: text(row.emergencyContactPhone)
            ? [{ system: 'phone', value: text(row.emergencyContactPhone) }]
            : undefined,
        }),
      ]
    : undefined;
  return compact({
    resourceType: 'Patient',
    id: row.id,
    active: row.isActive && row.status !== 'discharged',
    name: humanName(row),
    telecom: [
      { system: 'email', value: row.email },
      ...(text(row.phone) ? [{ system: 'phone', value: text(row.phone) }] : []),
    ],
    gender: row.sex ? (GENDER[row.sex] ?? 'unknown') : undefined,
    birthDate: row.dateOfBirth ?? undefined,
    address: Object.keys(address).length > 0 ? [address] : undefined,
    contact,
    generalPractitioner: careTeam.map((member) => ref('Practitioner', member.id, fullName(member))),
    managingOrganization: ref('Organization', ORGANIZATION_ID),
  });
}

export function toPractitioner(row: PersonRow): FhirResource {
  return {
    resourceType: 'Practitioner',
    id: row.id,
    active: row.isActive,
    name: humanName(row),
    telecom: [{ system: 'email', value: row.email, use: 'work' }],
  };
}

export function toPractitionerRole(row: PersonRow): FhirResource {
  return {
    resourceType: 'PractitionerRole',
    id: `role-${row.id}`,
    active: row.isActive,
    practitioner: ref('Practitioner', row.id, fullName(row)),
    organization: ref('Organization', ORGANIZATION_ID),
    code: [{ coding: [{ system: ROLE_CODE, code: 'PROV', display: 'healthcare provider' }] }],
  };
}

export function toOrganization(clinic: { name: string; url: string }): FhirResource {
  return {
    resourceType: 'Organization',
    id: ORGANIZATION_ID,
    active: true,
    name: clinic.name,
    telecom: [{ system: 'url', value: clinic.url }],
  };
}

export type AppointmentRow = {
  id: string;
  patient: PersonRow;
  practitioner: PersonRow;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  cancellationReason: string | null;
  createdAt: Date;
};

/** The app's six statuses as Appointment.status (a required binding). */
export const APPOINTMENT_STATUS_MAP: Record<AppointmentStatus, string> = {
  scheduled: 'booked',
  confirmed: 'booked',
  checked_in: 'arrived',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  no_show: 'noshow',
};

export function toAppointment(row: AppointmentRow): FhirResource {
  const minutes = Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
  return compact({
    resourceType: 'Appointment',
    id: row.id,
    status: APPOINTMENT_STATUS_MAP[row.status],
    cancelationReason:
      row.status === 'cancelled' && text(row.cancellationReason)
        ? { text: text(row.cancellationReason) }
        : undefined,
    serviceType: [{ text: row.serviceName }],
    start: iso(row.startsAt),
    end: iso(row.endsAt),
    minutesDuration: minutes,
    created: iso(row.createdAt),
    participant: [
      {
        actor: ref('Patient', row.patient.id, fullName(row.patient)),
        required: 'required',
        status: 'accepted',
      },
      {
        actor: ref('Practitioner', row.practitioner.id, fullName(row.practitioner)),
        required: 'required',
        status: 'accepted',
      },
    ],
  });
}

/** A completed session is also an Encounter: it happened, with this practitioner, for this service. */
export function toEncounter(row: AppointmentRow): FhirResource {
  return {
    resourceType: 'Encounter',
    id: `enc-${row.id}`,
    status: 'finished',
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    serviceType: { text: row.serviceName },
    subject: ref('Patient', row.patient.id, fullName(row.patient)),
    participant: [{ individual: ref('Practitioner', row.practitioner.id, fullName(row.practitioner)) }],
    appointment: [ref('Appointment', row.id)],
    period: { start: iso(row.startsAt), end: iso(row.endsAt) },
    serviceProvider: ref('Organization', ORGANIZATION_ID),
  };
}

export type SignedNoteRow = {
  id: string;
  patientId: string;
  practitioner: PersonRow;
  appointmentId: string | null;
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  painScore: number | null;
  goals: readonly { goal: string; progress: number }[];
  signedAt: Date;
  amendmentCount: number;
};

const noteText = (note: SignedNoteRow) =>
  [
    `Subjective: ${note.subjective}`,
    `Objective: ${note.objective}`,
    `Assessment: ${note.assessment}`,
    `Plan: ${note.plan}`,
  ].join('\n\n');

/** A signed recovery note: its SOAP text as an attachment, current version (amendments replace it). */
export function toDocumentReference(
  note: SignedNoteRow,
  completedAppointments: ReadonlySet<string>,
): FhirResource {
  const encounter =
    note.appointmentId && completedAppointments.has(note.appointmentId)
      ? { encounter: [ref('Encounter', `enc-${note.appointmentId}`)] }
      : {};
  return {
    resourceType: 'DocumentReference',
    id: note.id,
    status: 'current',
    docStatus: note.amendmentCount > 0 ? 'amended' : 'final',
    type: { coding: [{ system: LOINC, code: '11506-3', display: 'Progress note' }] },
    subject: ref('Patient', note.patientId),
    date: iso(note.signedAt),
    author: [ref('Practitioner', note.practitioner.id, fullName(note.practitioner))],
    authenticator: ref('Practitioner', note.practitioner.id, fullName(note.practitioner)),
    custodian: ref('Organization', ORGANIZATION_ID),
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          data: Buffer.from(noteText(note), 'utf8').toString('base64'),
          title: 'Recovery note',
          creation: iso(note.signedAt),
        },
      },
    ],
    context: encounter,
  };
}

const surveyCategory = [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }];

/** The pain score and each goal's progress a signed note recorded (the recovery chart's points). */
export function noteObservations(note: SignedNoteRow, systems: Systems): FhirResource[] {
  const common = {
    status: note.amendmentCount > 0 ? 'amended' : 'final',
    subject: ref('Patient', note.patientId),
    effectiveDateTime: iso(note.signedAt),
    issued: iso(note.signedAt),
    performer: [ref('Practitioner', note.practitioner.id, fullName(note.practitioner))],
    derivedFrom: [ref('DocumentReference', note.id)],
  };
  const out: FhirResource[] = [];
  if (note.painScore !== null)
    out.push({
      resourceType: 'Observation',
      id: `pain-${note.id}`,
      ...common,
      category: surveyCategory,
      code: {
        coding: [
          {
            system: LOINC,
            code: '72514-3',
            display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
          },
        ],
        text: 'Pain score',
      },
      valueInteger: note.painScore,
    });
  note.goals.forEach((goal, index) => {
    out.push({
      resourceType: 'Observation',
      id: `goal-${index + 1}-${note.id}`,
      ...common,
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'therapy', display: 'Therapy' }] }],
      code: {
        coding: [
          { system: codeSystem(systems, 'recovery-chart'), code: 'goal-progress', display: 'Goal progress' },
        ],
        text: `Goal progress: ${goal.goal}`,
      },
      valueQuantity: { value: goal.progress, unit: '%', system: UCUM, code: '%' },
    });
  });
  return out;
}

export type ScoredResponseRow = {
  id: string;
  patientId: string;
  measure: string;
  measureName: string;
  answers: readonly { linkId: string; value: number | string }[];
  questions: ReadonlyMap<string, string>;
  score: number;
  completedAt: Date;
};

const measureCode = (row: ScoredResponseRow, systems: Systems) => ({
  coding: [
    { system: codeSystem(systems, 'outcome-measure'), code: row.measure, display: row.measureName },
    ...(row.measure === 'nprs'
      ? [
          {
            system: LOINC,
            code: '72514-3',
            display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
          },
        ]
      : []),
  ],
  text: `${row.measureName} score`,
});

/** Where a measure's Questionnaire is found: the canonical its QuestionnaireResponses name. */
export const questionnaireUrl = (systems: Systems, measure: string) =>
  `${systems.base}/fhir/Questionnaire/${measure}`;

export type MeasureRow = {
  code: string;
  title: string;
  shortTitle: string;
  instructions: string;
  items: readonly {
    linkId: string;
    text: string;
    type: 'integer' | 'string';
    required: boolean;
    answerOption?: readonly { value: number; label: string }[];
  }[];
};

/**
 * An outcome measure as the Questionnaire its check-ins answer: items flat, in the order asked, with the same
 * linkIds as the responses; a 0-10 rating offers its whole numbers as answer options.
 */
export function toQuestionnaire(measure: MeasureRow, systems: Systems): FhirResource {
  return {
    resourceType: 'Questionnaire',
    id: measure.code,
    url: questionnaireUrl(systems, measure.code),
    name: measure.shortTitle.replace(/[^A-Za-z0-9_]/g, ''),
    title: measure.title,
    status: 'active',
    subjectType: ['Patient'],
    description: measure.instructions,
    code: [{ system: codeSystem(systems, 'outcome-measure'), code: measure.code, display: measure.title }],
    item: measure.items.map((item) =>
      compact({
        linkId: item.linkId,
        text: item.text,
        type: item.type,
        required: item.required,
        answerOption: item.answerOption?.map((option) => ({ valueInteger: option.value })),
      }),
    ),
  };
}

/** A check-in's answers, item by item (outcome-measures.md, FHIR mapping). */
export function toQuestionnaireResponse(row: ScoredResponseRow, systems: Systems): FhirResource {
  return {
    resourceType: 'QuestionnaireResponse',
    id: row.id,
    questionnaire: questionnaireUrl(systems, row.measure),
    status: 'completed',
    subject: ref('Patient', row.patientId),
    authored: iso(row.completedAt),
    author: ref('Patient', row.patientId),
    item: row.answers.map((answer) =>
      compact({
        linkId: answer.linkId,
        text: row.questions.get(answer.linkId),
        answer: [
          typeof answer.value === 'number' ? { valueInteger: answer.value } : { valueString: answer.value },
        ],
      }),
    ),
  };
}

/** The measure's score of those answers, kept as scored then. */
export function toScoreObservation(row: ScoredResponseRow, systems: Systems): FhirResource {
  return {
    resourceType: 'Observation',
    id: `score-${row.id}`,
    status: 'final',
    category: surveyCategory,
    code: measureCode(row, systems),
    subject: ref('Patient', row.patientId),
    effectiveDateTime: iso(row.completedAt),
    issued: iso(row.completedAt),
    valueQuantity: { value: row.score, unit: 'score', system: UCUM, code: '{score}' },
    derivedFrom: [ref('QuestionnaireResponse', row.id)],
  };
}

export type ConsentRow = {
  id: string;
  patientId: string;
  kind: string;
  title: string;
  signedName: string;
  signedAt: Date;
};

/** An onboarding consent the patient signed; the scope follows its kind. */
export function toConsent(row: ConsentRow): FhirResource {
  const scope =
    row.kind === 'treatment'
      ? { code: 'treatment', display: 'Treatment' }
      : { code: 'patient-privacy', display: 'Privacy Consent' };
  return {
    resourceType: 'Consent',
    id: row.id,
    status: 'active',
    scope: { coding: [{ system: CONSENT_SCOPE, ...scope }] },
    category: [
      {
        coding: [{ system: CONSENT_CATEGORY, code: '59284-0', display: 'Patient Consent' }],
        text: row.title,
      },
    ],
    patient: ref('Patient', row.patientId),
    dateTime: iso(row.signedAt),
    organization: [ref('Organization', ORGANIZATION_ID)],
    sourceAttachment: { title: `${row.title}, signed "${row.signedName}"` },
    policyRule: { coding: [{ system: CONSENT_POLICY, code: 'INFA', display: 'information access' }] },
    provision: { type: 'permit', period: { start: iso(row.signedAt) } },
  };
}

export type InvoiceRow = {
  id: string;
  number: string | null;
  patientId: string;
  practitionerId: string | null;
  status: string;
  currency: string;
  issueDate: string | null;
  totalCents: number;
  subtotalCents: number;
  paidCents: number;
  voidReason: string | null;
  lines: readonly { description: string; quantity: number; amountCents: number }[];
};

/** Invoice.status from the app's: a draft is draft, a void cancelled, paid balanced, the rest issued. */
const INVOICE_STATUS: Record<string, string> = {
  draft: 'draft',
  sent: 'issued',
  partially_paid: 'issued',
  overdue: 'issued',
  paid: 'balanced',
  void: 'cancelled',
};

const money = (cents: number, currency: string) => ({ value: cents / 100, currency: currency.toUpperCase() });

export function toInvoice(row: InvoiceRow): FhirResource {
  return compact({
    resourceType: 'Invoice',
    id: row.id,
    identifier: row.number ? [{ value: row.number }] : undefined,
    status: INVOICE_STATUS[row.status] ?? 'issued',
    cancelledReason: text(row.voidReason),
    subject: ref('Patient', row.patientId),
    recipient: ref('Patient', row.patientId),
    date: row.issueDate ?? undefined,
    issuer: ref('Organization', ORGANIZATION_ID),
    participant: row.practitionerId ? [{ actor: ref('Practitioner', row.practitionerId) }] : undefined,
    lineItem: row.lines.map((line, index) => ({
      sequence: index + 1,
      chargeItemCodeableConcept: { text: `${line.description} x ${line.quantity}` },
      priceComponent: [{ type: 'base', amount: money(line.amountCents, row.currency) }],
    })),
    totalNet: money(row.subtotalCents, row.currency),
    totalGross: money(row.totalCents, row.currency),
    note: [{ text: `Paid ${(row.paidCents / 100).toFixed(2)} ${row.currency.toUpperCase()}` }],
  });
}

export type ProgrammeRow = {
  id: string;
  patientId: string;
  practitioner: PersonRow;
  title: string;
  startDate: string;
  reviewDate: string | null;
  status: string;
  createdAt: Date;
  items: readonly {
    name: string;
    sets: number | null;
    reps: number | null;
    holdSeconds: number | null;
    timesPerDay: number;
    daysPerWeek: number;
    notes: string;
  }[];
};

const PROGRAMME_STATUS: Record<string, string> = {
  active: 'active',
  completed: 'completed',
  stopped: 'revoked',
};

const dosage = (item: ProgrammeRow['items'][number]) =>
  [
    item.sets ? `${item.sets} sets` : null,
    item.reps ? `${item.reps} reps` : null,
    item.holdSeconds ? `hold ${item.holdSeconds} s` : null,
    `${item.timesPerDay} a day`,
    `${item.daysPerWeek} days a week`,
    text(item.notes),
  ]
    .filter(Boolean)
    .join(', ');

/** A home exercise programme, each exercise an activity with its dosage as text (current version). */
export function toCarePlan(row: ProgrammeRow): FhirResource {
  return compact({
    resourceType: 'CarePlan',
    id: row.id,
    status: PROGRAMME_STATUS[row.status] ?? 'unknown',
    intent: 'plan',
    category: [{ text: 'Home exercise programme' }],
    title: row.title,
    subject: ref('Patient', row.patientId),
    period: compact({ start: row.startDate, end: row.reviewDate ?? undefined }),
    created: iso(row.createdAt),
    author: ref('Practitioner', row.practitioner.id, fullName(row.practitioner)),
    activity: row.items.map((item) => ({
      detail: {
        kind: 'ServiceRequest',
        code: { text: item.name },
        status:
          row.status === 'active' ? 'in-progress' : row.status === 'completed' ? 'completed' : 'stopped',
        description: `${item.name}: ${dosage(item)}`,
      },
    })),
  });
}
