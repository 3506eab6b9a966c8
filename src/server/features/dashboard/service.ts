import {
  CLINIC_SCHEDULE_LIST_MAX,
  DASHBOARD_LIST_SIZE,
  type Dashboard,
  type DashboardAppointment,
  type GeneralDashboard,
  NEW_PATIENT_DAYS,
  type PatientDashboard,
  type PractitionerDashboard,
  RECENT_NOTE_DAYS,
  startOfWeekUtc,
} from '../../../shared/dashboard';
import type { Role } from '../../../shared/roles';
import { APPOINTMENT_PAGE_MAX, type Appointment } from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { clinicDayOf } from '../../platform/clinic-time';
import type { RequestMeta } from '../../platform/context';
import type { SessionUser } from '../../platform/sessions';
import * as appointments from '../appointments/service';
import * as billing from '../billing/summary';
import * as donations from '../donations/service';
import * as events from '../events/service';
import * as memberProfile from '../member-profile/service';
import * as messaging from '../messaging/service';
import * as notifications from '../notifications/service';
import { getOnboardingProgress } from '../onboarding/service';
import * as patients from '../patients/service';
import * as publicBookings from '../public-booking/service';
import * as quotes from '../quotes/service';
import * as notes from '../recovery-notes/service';
import * as store from '../store/service';

type Caller = { id: string; role: Role };

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Whether an appointment's time touches the clinic's day holding `now`. */
export function touchesClinicDay(startsAt: string, endsAt: string, now = new Date()) {
  const { from, to } = clinicDayOf(now);
  return Date.parse(startsAt) < to.getTime() && Date.parse(endsAt) > from.getTime();
}

const shown = (appointment: Appointment): DashboardAppointment => ({
  id: appointment.id,
  startsAt: appointment.startsAt,
  endsAt: appointment.endsAt,
  status: appointment.status,
  serviceName: appointment.serviceName,
  patientId: appointment.patientId,
  patientName: appointment.patientName,
  practitionerId: appointment.practitionerId,
  practitionerName: appointment.practitionerName,
});

const unreadMessages = async (db: Db, userId: string) => (await messaging.unreadCount(db, userId)).count;

/**
 * Names patients, so it is logged once per reading: who looked, whose data it was when it was one patient's,
 * and how many items it showed.
 */
const logReading = (
  db: Db,
  caller: Caller,
  { meta, count, patientId = null }: { meta: RequestMeta; count: number; patientId?: string | null },
) =>
  recordActivity(db, {
    actorId: caller.id,
    action: 'dashboard.viewed',
    entityType: 'patient',
    entityId: patientId,
    ipAddress: meta.ipAddress,
    details: { count },
  });

/**
 * The patient's own summary: their next appointment, the signed notes shared with them and their progress
 * from those. PRODUCT.md logs every read of a patient's data and makes no exception for the patient, so a
 * reading still writes an entry, but one: the dashboard's own, as the other dashboards do, rather than one per
 * feature it reads (the notes list and 'viewed recovery progress' each wrote a row on every live refresh).
 */
async function patientDashboard(db: Db, caller: Caller, meta: RequestMeta): Promise<PatientDashboard> {
  const [messages, unreadNotifications, onboarding, notesShared, next, balance] = await Promise.all([
    unreadMessages(db, caller.id),
    notifications.unreadCount(db, caller.id),
    getOnboardingProgress(db, caller.id),
    notes.sharedWithPatient(db, caller.id, DASHBOARD_LIST_SIZE),
    appointments.nextAppointmentOf(db, caller.id),
    billing.patientBalance(db, caller.id),
  ]);
  await logReading(db, caller, {
    meta,
    count: notesShared.recent.length + notesShared.progress.points.length + (next ? 1 : 0),
    patientId: caller.id,
  });
  return {
    kind: 'patient',
    nextAppointment: next ? shown(next) : null,
    unreadMessages: messages,
    unreadNotifications: unreadNotifications.count,
    onboarding,
    recentSharedNotes: notesShared.recent.map((note) => ({
      id: note.id,
      practitionerName: note.practitionerName,
      painScore: note.painScore,
      signedAt: note.signedAt,
      createdAt: note.createdAt,
    })),
    progress: notesShared.progress,
    billing: balance,
  };
}

async function practitionerDashboard(
  db: Db,
  caller: Caller,
  meta: RequestMeta,
): Promise<PractitionerDashboard> {
  const today = clinicDayOf(new Date());
  const [messages, drafts, myPatients, recent, sessions, pendingPublicBookings] = await Promise.all([
    unreadMessages(db, caller.id),
    notes.draftsAwaitingSignature(db, caller.id, DASHBOARD_LIST_SIZE),
    patients.countPatientsInReachOf(db, caller.id),
    notes.patientsWithRecentNotes(db, caller.id, {
      since: daysAgo(RECENT_NOTE_DAYS),
      limit: DASHBOARD_LIST_SIZE,
    }),
    appointments.appointmentsBetween(db, {
      practitionerId: caller.id,
      from: today.from,
      to: today.to,
      limit: APPOINTMENT_PAGE_MAX,
    }),
    publicBookings.countPending(db, caller),
  ]);
  const todays = sessions.filter((session) => session.status !== 'cancelled').map(shown);
  await logReading(db, caller, {
    meta,
    count: drafts.newest.length + recent.newest.length + todays.length,
  });
  return {
    kind: 'practitioner',
    unreadMessages: messages,
    todaysSessions: { day: today.day, timeZone: today.timeZone, appointments: todays },
    pendingPublicBookings,
    notesAwaitingSignature: drafts,
    myPatients,
    patientsWithRecentNotes: recent,
  };
}

async function generalDashboard(db: Db, caller: Caller, meta: RequestMeta): Promise<GeneralDashboard> {
  const today = clinicDayOf(new Date());
  const [messages, newPatients, activePatients, notesSignedThisWeek, schedule, byStatus, money] =
    await Promise.all([
      unreadMessages(db, caller.id),
      patients.newPatientsSince(db, daysAgo(NEW_PATIENT_DAYS), DASHBOARD_LIST_SIZE),
      patients.countActivePatients(db),
      notes.countSignedSince(db, startOfWeekUtc(new Date())),
      appointments.appointmentsBetween(db, {
        from: today.from,
        to: today.to,
        limit: CLINIC_SCHEDULE_LIST_MAX,
      }),
      appointments.countByStatusBetween(db, { from: today.from, to: today.to }),
      billing.clinicBillingFigures(db),
    ]);
  await logReading(db, caller, { meta, count: newPatients.newest.length + schedule.length });
  return {
    kind: 'general',
    unreadMessages: messages,
    clinicSchedule: {
      day: today.day,
      timeZone: today.timeZone,
      appointments: schedule.map(shown),
      total: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
      byStatus,
    },
    newPatients,
    activePatients,
    notesSignedThisWeek,
    billing: money,
  };
}

async function memberDashboard(db: Db, caller: Caller): Promise<Dashboard> {
  const [unread, gifts, registrations, mine, open, onboarding] = await Promise.all([
    unreadMessages(db, caller.id),
    donations.summaryOf(db, caller.id),
    events.summaryOf(db, caller.id),
    store.listMine(db, caller as SessionUser),
    quotes.openSummary(db, caller.id),
    memberProfile.onboardingOf(db, caller.id),
  ]);
  return {
    kind: 'member',
    unreadMessages: unread,
    onboarding,
    donations: gifts,
    events: registrations,
    orders: {
      count: mine.orders.length,
      recent: mine.orders.slice(0, 3).map((order) => ({
        id: order.id,
        number: order.number,
        status: order.status,
        totalCents: order.totals.totalCents,
      })),
    },
    quotes: {
      count: open.count,
      recent: open.recent.map((quote) => ({
        id: quote.id,
        title: quote.title,
        status: quote.status as 'requested' | 'answered',
      })),
    },
  };
}

/** The caller's dashboard by role: each section one query, all of them at once. */
export async function dashboardOf(db: Db, caller: Caller, meta: RequestMeta): Promise<Dashboard> {
  switch (caller.role) {
    case 'patient':
      return patientDashboard(db, caller, meta);
    case 'practitioner':
      return practitionerDashboard(db, caller, meta);
    case 'member':
      return memberDashboard(db, caller);
    default:
      return generalDashboard(db, caller, meta);
  }
}
