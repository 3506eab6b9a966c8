import {
  DASHBOARD_LIST_SIZE,
  type Dashboard,
  type GeneralDashboard,
  NEW_PATIENT_DAYS,
  type PatientDashboard,
  type PractitionerDashboard,
  RECENT_NOTE_DAYS,
  startOfWeekUtc,
} from '../../../shared/dashboard';
import type { Role } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import * as messaging from '../messaging/service';
import * as notifications from '../notifications/service';
import { getOnboardingProgress } from '../onboarding/service';
import * as patients from '../patients/service';
import * as notes from '../recovery-notes/service';

type Caller = { id: string; role: Role };

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const unreadMessages = async (db: Db, userId: string) => (await messaging.unreadCount(db, userId)).count;

/**
 * The patient's own summary. Their notes and progress come through the notes service as the patient (only
 * signed notes shared with them), which logs those reads the way the notes screens do.
 */
async function patientDashboard(db: Db, caller: Caller, meta: RequestMeta): Promise<PatientDashboard> {
  const [messages, unreadNotifications, onboarding, shared, progress] = await Promise.all([
    unreadMessages(db, caller.id),
    notifications.unreadCount(db, caller.id),
    getOnboardingProgress(db, caller.id),
    notes.listNotes(db, caller, {}, meta),
    notes.progressOf(db, caller, caller.id, meta),
  ]);
  return {
    kind: 'patient',
    unreadMessages: messages,
    unreadNotifications: unreadNotifications.count,
    onboarding,
    recentSharedNotes: shared.items.slice(0, DASHBOARD_LIST_SIZE).map((note) => ({
      id: note.id,
      practitionerName: note.practitionerName,
      painScore: note.painScore,
      signedAt: note.signedAt,
      createdAt: note.createdAt,
    })),
    progress,
  };
}

/** Names patients, so it is logged once per reading (who looked and how many patients it showed). */
const logReading = (db: Db, caller: Caller, meta: RequestMeta, shown: number) =>
  recordActivity(db, {
    actorId: caller.id,
    action: 'dashboard.viewed',
    entityType: 'patient',
    entityId: null,
    ipAddress: meta.ipAddress,
    details: { count: shown },
  });

async function practitionerDashboard(
  db: Db,
  caller: Caller,
  meta: RequestMeta,
): Promise<PractitionerDashboard> {
  const [messages, drafts, myPatients, recent] = await Promise.all([
    unreadMessages(db, caller.id),
    notes.draftsAwaitingSignature(db, caller.id, DASHBOARD_LIST_SIZE),
    patients.countPatientsInReachOf(db, caller.id),
    notes.patientsWithRecentNotes(db, caller.id, daysAgo(RECENT_NOTE_DAYS), DASHBOARD_LIST_SIZE),
  ]);
  await logReading(db, caller, meta, drafts.newest.length + recent.newest.length);
  return {
    kind: 'practitioner',
    unreadMessages: messages,
    notesAwaitingSignature: drafts,
    myPatients,
    patientsWithRecentNotes: recent,
  };
}

async function generalDashboard(db: Db, caller: Caller, meta: RequestMeta): Promise<GeneralDashboard> {
  const [messages, newPatients, activePatients, notesSignedThisWeek] = await Promise.all([
    unreadMessages(db, caller.id),
    patients.newPatientsSince(db, daysAgo(NEW_PATIENT_DAYS), DASHBOARD_LIST_SIZE),
    patients.countActivePatients(db),
    notes.countSignedSince(db, startOfWeekUtc(new Date())),
  ]);
  await logReading(db, caller, meta, newPatients.newest.length);
  return { kind: 'general', unreadMessages: messages, newPatients, activePatients, notesSignedThisWeek };
}

/** The caller's dashboard by role: each section one query, all of them at once. */
export async function dashboardOf(db: Db, caller: Caller, meta: RequestMeta): Promise<Dashboard> {
  switch (caller.role) {
    case 'patient':
      return patientDashboard(db, caller, meta);
    case 'practitioner':
      return practitionerDashboard(db, caller, meta);
    case 'member':
      return { kind: 'member', unreadMessages: await unreadMessages(db, caller.id) };
    default:
      return generalDashboard(db, caller, meta);
  }
}
