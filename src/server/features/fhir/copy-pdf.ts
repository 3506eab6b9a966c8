import PDFDocument from 'pdfkit';
import { SEX_LABELS } from '../../../shared/onboarding';
import { APP_NAME } from '../../../shared/routes';
import { CLINIC_TIME_ZONE } from '../../../shared/vocabulary/scheduling';
import type { FhirResource } from './mapping';

/** What the readable copy holds beyond the FHIR resources: the intake's answers, consents and payments. */
export type CopyExtras = {
  onboarding: {
    sex: string | null;
    gender: string | null;
    insuranceProvider: string | null;
    insurancePolicyNumber: string | null;
    insuranceGroupNumber: string | null;
    medicalHistory: string | null;
    medications: string | null;
    allergies: string | null;
    mainConcern: string | null;
    goals: readonly string[];
    completedAt: Date | null;
  } | null;
  consents: readonly { kind: string; title: string; signedName: string; signedAt: Date }[];
  payments: readonly {
    invoiceId: string;
    amountCents: number;
    refundedCents: number;
    currency: string;
    method: string;
    status: string;
    createdAt: Date;
  }[];
};

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: CLINIC_TIME_ZONE,
});
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: CLINIC_TIME_ZONE });
const at = (value: unknown) => (typeof value === 'string' ? when.format(new Date(value)) : '');
const on = (value: Date | string) => day.format(typeof value === 'string' ? new Date(value) : value);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

// biome-ignore lint/suspicious/noExplicitAny: reads resources this feature made, whose shapes mapping.ts fixes
type Any = Record<string, any>;
const of = (resources: readonly FhirResource[], type: string) =>
  resources.filter((resource) => resource.resourceType === type) as Any[];

/**
 * The patient's record as a readable document: demographics, care team, appointments, shared notes,
 * onboarding answers and consents, invoices and payments. Uncompressed, so tests read its text.
 */
export function recordCopyPdf(resources: readonly FhirResource[], extras: CopyExtras): Promise<Buffer> {
  const patient = of(resources, 'Patient')[0];
  const name = patient.name?.[0]?.text ?? '';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Health record of ${name}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (title: string) =>
    doc.moveDown().font('Helvetica-Bold').fontSize(14).text(title).font('Helvetica').fontSize(10);
  const line = (value: string) => doc.text(value);
  const none = (items: readonly unknown[], words: string) => {
    if (items.length === 0) line(words);
  };

  doc.font('Helvetica-Bold').fontSize(20).text(APP_NAME);
  doc.moveDown(0.3).font('Helvetica').fontSize(14).text(`Health record of ${name}`);
  doc.fontSize(10).text(`Prepared ${when.format(new Date())}`);

  heading('Personal details');
  line(`Name: ${name}`);
  if (patient.birthDate) line(`Date of birth: ${on(patient.birthDate)}`);
  if (patient.gender) line(`Gender (as recorded for exchange): ${patient.gender}`);
  for (const telecom of patient.telecom ?? [])
    line(`${telecom.system === 'email' ? 'Email' : 'Phone'}: ${telecom.value}`);
  const address = patient.address?.[0];
  if (address)
    line(
      `Address: ${[...(address.line ?? []), address.city, address.state, address.postalCode, address.country].filter(Boolean).join(', ')}`,
    );
  for (const contact of patient.contact ?? [])
    line(
      `Emergency contact: ${contact.name?.text}${contact.relationship ? ` (${contact.relationship[0].text})` : ''}${contact.telecom ? `, ${contact.telecom[0].value}` : ''}`,
    );

  heading('Care team');
  const team = (patient.generalPractitioner ?? []) as Any[];
  none(team, 'No practitioner assigned.');
  for (const member of team) line(member.display);

  heading('Appointments');
  const practitioners = new Map(
    of(resources, 'Practitioner').map((row) => [`Practitioner/${row.id}`, row.name?.[0]?.text]),
  );
  const appointments = of(resources, 'Appointment');
  none(appointments, 'No appointments.');
  for (const appointment of appointments) {
    const with_ = appointment.participant?.[1]?.actor?.display ?? '';
    line(
      `${at(appointment.start)}  ${appointment.serviceType?.[0]?.text ?? ''} with ${with_} (${appointment.status})`,
    );
  }

  heading('Notes shared with you');
  const notes = of(resources, 'DocumentReference');
  none(notes, 'No notes shared with you.');
  for (const note of notes) {
    const author = practitioners.get(note.author?.[0]?.reference) ?? note.author?.[0]?.display ?? '';
    doc
      .font('Helvetica-Bold')
      .text(`${at(note.date)}, ${author}${note.docStatus === 'amended' ? ' (amended)' : ''}`);
    doc.font('Helvetica').text(Buffer.from(note.content[0].attachment.data, 'base64').toString('utf8'));
    doc.moveDown(0.5);
  }

  heading('Onboarding answers');
  const intake = extras.onboarding;
  const answers: [string, string | null | undefined][] = [
    ['Sex', intake?.sex ? (SEX_LABELS[intake.sex as keyof typeof SEX_LABELS] ?? intake.sex) : null],
    ['Gender', intake?.gender],
    ['Insurance provider', intake?.insuranceProvider],
    ['Policy number', intake?.insurancePolicyNumber],
    ['Group number', intake?.insuranceGroupNumber],
    ['Medical history', intake?.medicalHistory],
    ['Medications', intake?.medications],
    ['Allergies', intake?.allergies],
    ['Main concern', intake?.mainConcern],
  ];
  const given = answers.filter(([, value]) => value?.trim());
  if (given.length === 0 && (intake?.goals.length ?? 0) === 0) line('No onboarding answers.');
  else
    line(
      intake?.completedAt
        ? `Intake completed ${when.format(intake.completedAt)}.`
        : 'Intake not completed yet.',
    );
  for (const [label, value] of given) line(`${label}: ${value}`);
  for (const goal of intake?.goals ?? []) line(`Goal: ${goal}`);

  heading('Consents');
  none(extras.consents, 'No consents signed.');
  for (const consent of extras.consents)
    line(`${consent.title}: signed "${consent.signedName}" on ${when.format(consent.signedAt)}`);

  heading('Invoices and payments');
  const invoices = of(resources, 'Invoice');
  none(invoices, 'No invoices.');
  for (const invoice of invoices) {
    const total = invoice.totalGross;
    doc
      .font('Helvetica-Bold')
      .text(
        `Invoice ${invoice.identifier?.[0]?.value ?? '(draft)'}${invoice.date ? `, ${on(invoice.date)}` : ''}: ${total.value.toFixed(2)} ${total.currency} (${invoice.status})`,
      );
    doc.font('Helvetica');
    for (const item of invoice.lineItem ?? []) line(`  ${item.chargeItemCodeableConcept.text}`);
    for (const payment of extras.payments.filter((row) => row.invoiceId === invoice.id))
      line(
        `  Payment ${on(payment.createdAt)}: ${money(payment.amountCents, payment.currency)} by ${payment.method}${payment.refundedCents ? `, ${money(payment.refundedCents, payment.currency)} refunded` : ''}`,
      );
  }
  doc.end();
  return done;
}
