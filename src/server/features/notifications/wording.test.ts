import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/notifications';
import { SECURITY_ALERTS } from '../auth/security-alerts';
import { checkInRequestedMessage } from '../check-ins/notifications';
import { callEndedMessage, callInvitationMessage, callStartedMessage } from '../telehealth/notifications';
import {
  type AppointmentChange,
  type AppointmentFacts,
  appointmentMessage,
  appointmentReminderMessage,
  invoiceDueMessage,
  invoicePaidMessage,
  messageReceivedMessage,
  patientOnboardingMessage,
  quoteMessage,
  type Reader,
  recoveryNoteMessage,
} from './wording';

const PATIENT = 'Pat Morgan';
const PRACTITIONER = 'Riley Chen';
const OTHER_PRACTITIONER = 'Maya Okafor';
const STAFF = 'Sam Lee';
const MEMBER = 'Mia Member';
const when = 'Mon 24 Nov, 09:30';

/** One rendered text: who reads it, their own name, and the other parties it must name. */
type Case = { reader: Reader; own: string; names: string[]; text: string };

const actors: Array<AppointmentFacts['actor']> = [
  { name: PATIENT, is: 'patient' },
  { name: PRACTITIONER, is: 'practitioner' },
  { name: STAFF, is: 'other' },
  null,
];
const CHANGES: AppointmentChange[] = ['rescheduled', 'edited', 'confirmed', 'no_show'];

/** Every reader of an appointment change, for every actor who is not that reader (they are never told). */
function appointmentCases(changes: AppointmentChange[]): Case[] {
  return changes.flatMap((change) =>
    actors.flatMap((actor) => {
      const facts = { patientName: PATIENT, practitionerName: PRACTITIONER, actor, when };
      const cases: Case[] = [];
      if (actor?.is !== 'patient')
        cases.push({
          reader: 'patient',
          own: PATIENT,
          names: [PRACTITIONER],
          text: appointmentMessage(change, 'patient', facts),
        });
      if (actor?.is !== 'practitioner')
        cases.push({
          reader: 'practitioner',
          own: PRACTITIONER,
          names: [PATIENT],
          text: appointmentMessage(change, 'practitioner', facts),
        });
      return cases;
    }),
  );
}

const reassigned: Case[] = actors.map((actor) => ({
  reader: 'previous-practitioner',
  own: OTHER_PRACTITIONER,
  names: [PATIENT, PRACTITIONER].filter((name) => name !== actor?.name || name === PRACTITIONER),
  text: appointmentMessage('reassigned', 'previous-practitioner', {
    patientName: PATIENT,
    practitionerName: PRACTITIONER,
    actor,
    when,
  }),
}));

const noteCases = (kind: 'created' | 'updated'): Case[] => [
  // The practitioner who wrote it shares it; staff share another's note.
  ...[PRACTITIONER, STAFF].map((actorName) => ({
    reader: 'patient' as const,
    own: PATIENT,
    names: [PRACTITIONER],
    text: recoveryNoteMessage(kind, 'patient', { actorName, authorName: PRACTITIONER, patientName: PATIENT }),
  })),
  {
    reader: 'practitioner',
    own: OTHER_PRACTITIONER,
    names: [PATIENT, PRACTITIONER],
    text: recoveryNoteMessage(kind, 'practitioner', {
      actorName: PRACTITIONER,
      authorName: PRACTITIONER,
      patientName: PATIENT,
    }),
  },
];

const onboardingCases = (kind: 'registered' | 'updated'): Case[] =>
  (['staff', 'practitioner'] as const).map((reader) => ({
    reader,
    own: reader === 'staff' ? STAFF : PRACTITIONER,
    names: [PATIENT],
    text: patientOnboardingMessage(kind, PATIENT),
  }));

const invoice = { number: 'INV-0042', total: '$120.00', dueDate: '2026-12-01', balance: '$20.00' };

/**
 * Every notification type with the texts each of its readers can get. A type no feature raises says so,
 * and the test below holds that true: raising it means wording it here first.
 */
const RENDERED: Record<NotificationType, Case[] | 'not raised'> = {
  check_in_requested: [
    {
      reader: 'patient',
      own: PATIENT,
      names: [],
      text: checkInRequestedMessage('Numeric Pain Rating Scale'),
    },
  ],
  appointment_created: appointmentCases(['created']),
  appointment_updated: [...appointmentCases(CHANGES), ...reassigned],
  appointment_cancelled: appointmentCases(['cancelled']),
  appointment_reminder: [
    {
      reader: 'patient',
      own: PATIENT,
      names: [PRACTITIONER],
      text: appointmentReminderMessage({ practitionerName: PRACTITIONER, when }),
    },
  ],
  patient_registered: onboardingCases('registered'),
  patient_updated: onboardingCases('updated'),
  clinical_note_created: noteCases('created'),
  clinical_note_updated: noteCases('updated'),
  invoice_created: [
    { reader: 'patient', own: PATIENT, names: [], text: invoiceDueMessage('issued', invoice) },
  ],
  invoice_overdue: [
    { reader: 'patient', own: PATIENT, names: [], text: invoiceDueMessage('overdue', invoice) },
  ],
  invoice_paid: [
    {
      reader: 'patient',
      own: PATIENT,
      names: [],
      text: invoicePaidMessage('patient', { ...invoice, patientName: PATIENT }),
    },
    {
      reader: 'staff',
      own: STAFF,
      names: [PATIENT],
      text: invoicePaidMessage('staff', { ...invoice, patientName: PATIENT }),
    },
  ],
  message_received: (['patient', 'practitioner', 'staff', 'admin', 'member'] as const).map((reader) => ({
    reader,
    own: reader === 'patient' ? PATIENT : MEMBER,
    names: [STAFF],
    text: messageReceivedMessage(STAFF),
  })),
  system_update: (['requested', 'accepted', 'declined'] as const).flatMap((change) =>
    (['member', 'admin'] as const)
      .filter((reader) => change !== 'requested' || reader === 'admin')
      .map((reader) => ({
        reader,
        own: reader === 'member' ? MEMBER : STAFF,
        names: reader === 'admin' ? [MEMBER] : [],
        text: quoteMessage(change, reader, { memberName: MEMBER, title: 'Team shirts', order: '$300.00' }),
      })),
  ),
  telehealth_session_started: [
    { reader: 'patient', own: PATIENT, names: [PRACTITIONER], text: callStartedMessage(PRACTITIONER) },
    {
      reader: 'staff',
      own: STAFF,
      names: [PRACTITIONER, PATIENT],
      text: callInvitationMessage(PRACTITIONER, PATIENT),
    },
  ],
  telehealth_session_ended: [
    { reader: 'patient', own: PATIENT, names: [PRACTITIONER], text: callEndedMessage(PRACTITIONER) },
  ],
  // Said to the account's owner about their own account: no one is named.
  security_alert: Object.values(SECURITY_ALERTS)
    .map((alert) => (typeof alert === 'function' ? alert('Chrome on macOS', '203.0.113.7') : alert))
    .flatMap((alert) =>
      (['patient', 'member'] as const).map((reader) => ({
        reader,
        own: reader === 'patient' ? PATIENT : MEMBER,
        names: [],
        text: alert.message,
      })),
    ),
};

const cases = Object.entries(RENDERED).flatMap(([type, list]) =>
  list === 'not raised' ? [] : list.map((item) => ({ type, ...item })),
);

describe('notification wording for its reader', () => {
  it('covers every notification type', () => {
    expect(Object.keys(RENDERED).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it.each(cases)('$type to the $reader names the other party: $text', ({ own, names, text }) => {
    for (const name of names) expect(text).toContain(name);
    // Never the reader's own name, so never "X … with X" either.
    expect(text).not.toContain(own);
    for (const name of [PATIENT, PRACTITIONER, OTHER_PRACTITIONER, STAFF, MEMBER])
      expect(text.split(name).length - 1, `${name} named more than once`).toBeLessThanOrEqual(1);
  });

  it('words a booking for the patient with the practitioner, and for the practitioner with the patient', () => {
    const facts = { patientName: PATIENT, practitionerName: PRACTITIONER, when };
    const byPractitioner = { ...facts, actor: { name: PRACTITIONER, is: 'practitioner' as const } };
    expect(appointmentMessage('created', 'patient', byPractitioner)).toBe(
      `Riley Chen booked an appointment with you on ${when}`,
    );
    const byStaff = { ...facts, actor: { name: STAFF, is: 'other' as const } };
    expect(appointmentMessage('created', 'patient', byStaff)).toBe(
      `Sam Lee booked you in with Riley Chen on ${when}`,
    );
    expect(appointmentMessage('cancelled', 'practitioner', byStaff)).toBe(
      `Sam Lee cancelled Pat Morgan’s appointment with you on ${when}`,
    );
  });

  it('keeps the specification’s new-message text', () => {
    expect(messageReceivedMessage('Sam Lee')).toBe('Sam Lee sent you a new message');
  });

  it('has no feature raise a type worded as not raised', () => {
    const notRaised = Object.entries(RENDERED)
      .filter(([, list]) => list === 'not raised')
      .map(([type]) => type);
    const root = join(import.meta.dirname, '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sources(path);
        return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
      });
    const raising = sources(root).filter((path) =>
      notRaised.some((type) => readFileSync(path, 'utf8').includes(`'${type}'`)),
    );
    expect(raising).toEqual([]);
  });
});
