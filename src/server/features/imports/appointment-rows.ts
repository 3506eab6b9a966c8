import type { ImportProblem, PreviewRow } from '../../../shared/imports';
import type { Db, Tx } from '../../db/client';
import * as accounts from '../accounts/service';
import * as booking from '../appointments/imported';
import { IMPORT_PROBLEMS } from './patient-rows';
import { emailOf, instantOf } from './values';

export const APPOINTMENT_PROBLEMS = {
  unknownPatient: 'No patient has this email; import the clients first',
  unknownPractitioner: 'No practitioner has this email',
  unknownService: 'No service has this name',
  startsAt: 'Start must be a date and time such as 2026-03-14 09:30',
  endsAt: 'End must be a date and time such as 2026-03-14 10:30',
  past: 'Start is in the past; only upcoming appointments are imported',
  outsideHours: "The time is outside the practitioner's working hours",
  clash: 'The practitioner already has an appointment at this time',
  notesTooLong: 'Notes must be at most 2000 characters',
} as const;

const MINUTE = 60_000;
const BUSY = new Set(['scheduled', 'confirmed', 'checked_in', 'completed']);

export type AppointmentRow = PreviewRow & {
  appointment?: Omit<booking.ImportedAppointment, 'id'>;
};

/** The accounts, services and hours the rows name, each looked up once. */
async function lookups(db: Db | Tx, rows: Record<string, string>[]) {
  const emails = new Set<string>();
  for (const values of rows)
    for (const cell of [values.patientEmail, values.practitionerEmail]) {
      const email = emailOf(cell ?? '');
      if (email) emails.add(email);
    }
  const people = await accounts.accountsByEmail(db, [...emails]);
  const services = await booking.servicesByName(db);
  const practitioners = new Map<string, { problem: string | null; week: booking.WorkingWeek }>();
  for (const person of people.values())
    if (person.role === 'practitioner')
      practitioners.set(person.id, {
        problem: await booking.practitionerProblem(db, person.id),
        week: await booking.workingWeekOf(db, person.id),
      });
  return { people, services, practitioners };
}

type Looked = Awaited<ReturnType<typeof lookups>>;

/** One row read alone: its problems, and what it would book when it has none. */
function readRow(values: Record<string, string>, { people, services, practitioners }: Looked, now: Date) {
  const problems: ImportProblem[] = [];
  const need = (field: string, label: string) => {
    if (values[field]) return true;
    problems.push({ field, message: IMPORT_PROBLEMS.required(label) });
    return false;
  };
  let patientId: string | undefined;
  if (need('patientEmail', 'Patient email')) {
    const person = people.get(emailOf(values.patientEmail) ?? '');
    if (person?.role === 'patient') patientId = person.id;
    else problems.push({ field: 'patientEmail', message: APPOINTMENT_PROBLEMS.unknownPatient });
  }
  let practitioner: { id: string; week: booking.WorkingWeek } | undefined;
  if (need('practitionerEmail', 'Practitioner email')) {
    const person = people.get(emailOf(values.practitionerEmail) ?? '');
    const known = person && practitioners.get(person.id);
    if (!person || !known)
      problems.push({ field: 'practitionerEmail', message: APPOINTMENT_PROBLEMS.unknownPractitioner });
    else if (known.problem) problems.push({ field: 'practitionerEmail', message: known.problem });
    else practitioner = { id: person.id, week: known.week };
  }
  let service: booking.OfferedService | undefined;
  if (need('service', 'Service')) {
    const found = services.get(values.service.trim().toLowerCase());
    if (!found) problems.push({ field: 'service', message: APPOINTMENT_PROBLEMS.unknownService });
    else if (found.problem) problems.push({ field: 'service', message: found.problem });
    else service = found.service;
  }
  if ((values.notes ?? '').length > 2000)
    problems.push({ field: 'notes', message: APPOINTMENT_PROBLEMS.notesTooLong });
  const timeZone = practitioner?.week.timeZone ?? 'UTC';
  const startsAt = values.startsAt ? instantOf(values.startsAt, timeZone) : null;
  if (need('startsAt', 'Start') && !startsAt)
    problems.push({ field: 'startsAt', message: APPOINTMENT_PROBLEMS.startsAt });
  else if (startsAt && startsAt.getTime() <= now.getTime())
    problems.push({ field: 'startsAt', message: APPOINTMENT_PROBLEMS.past });
  const endsAt = values.endsAt ? instantOf(values.endsAt, timeZone) : null;
  if (values.endsAt && !endsAt) problems.push({ field: 'endsAt', message: APPOINTMENT_PROBLEMS.endsAt });
  return { problems, patientId, practitioner, service, startsAt, endsAt };
}

/** The rule checks that need the whole booking: its length and the practitioner's hours. */
async function bookingProblems(read: ReturnType<typeof readRow>) {
  const { practitioner, service, startsAt } = read;
  if (!practitioner || !service || !startsAt || read.problems.length > 0) return null;
  const endsAt = read.endsAt ?? new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
  const length = await booking.lengthProblem(startsAt, endsAt);
  if (length) read.problems.push({ field: 'endsAt', message: length });
  else if (!booking.isWithinHours(practitioner.week, { startsAt, endsAt }))
    read.problems.push({ field: 'startsAt', message: APPOINTMENT_PROBLEMS.outsideHours });
  return read.problems.length > 0 ? null : endsAt;
}

type Span = { start: number; end: number; index: number | null };

/**
 * Flags each row that clashes with a held appointment of its practitioner or with an earlier row of the
 * file (by time), sweeping each practitioner's spans in order of start.
 */
function flagClashes(list: AppointmentRow[], held: Awaited<ReturnType<typeof booking.appointmentsTouching>>) {
  const spans = new Map<string, Span[]>();
  const add = (practitionerId: string, span: Span) => {
    const own = spans.get(practitionerId) ?? [];
    own.push(span);
    spans.set(practitionerId, own);
  };
  for (const row of held)
    if (BUSY.has(row.status))
      add(row.practitionerId, { start: row.startsAt.getTime(), end: row.endsAt.getTime(), index: null });
  list.forEach((row, index) => {
    if (row.action === 'create' && row.appointment)
      add(row.appointment.practitionerId, {
        start: row.appointment.startsAt.getTime(),
        end: row.appointment.endsAt.getTime(),
        index,
      });
  });
  for (const own of spans.values()) {
    own.sort((a, b) => a.start - b.start || (a.index === null ? -1 : 1));
    let reach = -Infinity;
    for (const span of own) {
      if (span.start < reach && span.index !== null) {
        const row = list[span.index];
        row.action = 'skip';
        row.problems.push({ field: 'startsAt', message: APPOINTMENT_PROBLEMS.clash });
        row.appointment = undefined;
        continue;
      }
      reach = Math.max(reach, span.end);
    }
  }
}

const matchKey = (patientId: string, practitionerId: string, startsAt: Date) =>
  `${patientId}|${practitionerId}|${startsAt.getTime()}`;

/**
 * Reads every row of an appointments file as it would be booked: new, matched (the same patient,
 * practitioner and start is already booked: nothing is written) or skipped with its problems.
 */
export async function evaluateAppointmentRows(db: Db | Tx, rows: Record<string, string>[], now = new Date()) {
  const looked = await lookups(db, rows);
  const list: AppointmentRow[] = [];
  for (const [index, values] of rows.entries()) {
    const read = readRow(values, looked, now);
    const endsAt = await bookingProblems(read);
    const line = index + 2;
    if (!endsAt || !read.patientId || !read.practitioner || !read.service || !read.startsAt) {
      list.push({ line, values, action: 'skip', problems: read.problems });
      continue;
    }
    const appointment = {
      patientId: read.patientId,
      practitionerId: read.practitioner.id,
      serviceTypeId: read.service.id,
      startsAt: read.startsAt,
      endsAt,
      notes: values.notes ?? '',
      isVideo: read.service.isVideo === true,
    };
    const stored = { ...values, startsAt: read.startsAt.toISOString(), endsAt: endsAt.toISOString() };
    list.push({ line, values: stored, action: 'create', problems: [], appointment });
  }
  const booked = list.flatMap((row) => (row.appointment ? [row.appointment] : []));
  if (booked.length === 0) return list;
  const held = await booking.appointmentsTouching(db, {
    practitionerIds: [...new Set(booked.map((row) => row.practitionerId))],
    from: new Date(booked.reduce((min, row) => Math.min(min, row.startsAt.getTime()), Infinity)),
    to: new Date(booked.reduce((max, row) => Math.max(max, row.endsAt.getTime()), -Infinity)),
  });
  const already = new Set(held.map((row) => matchKey(row.patientId, row.practitionerId, row.startsAt)));
  for (const row of list)
    if (row.appointment) {
      const { patientId, practitionerId, startsAt } = row.appointment;
      if (already.has(matchKey(patientId, practitionerId, startsAt))) row.action = 'match';
    }
  flagClashes(list, held);
  return list;
}
