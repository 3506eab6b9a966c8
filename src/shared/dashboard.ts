import { z } from 'zod';
import { MemberEventsSummarySchema } from './events';
import { MEMBER_ONBOARDING_STEPS } from './member-profile';
import { OnboardingProgressSchema } from './onboarding';
import { OPEN_QUOTE_STATUSES } from './quotes';
import { RecoveryProgressSchema } from './recovery-notes';
import { APPOINTMENT_STATUSES, AppointmentStatusSchema } from './scheduling';
import { ORDER_STATUSES } from './store';

export * from './vocabulary/dashboard';

/**
 * GET /api/dashboard: the caller's dashboard in one answer, by role (the kinds of the route table: patient,
 * practitioner, member, otherwise general). A section is here only once its feature exists: appointments,
 * billing, public booking, events, orders, donations and quotes add their sections to these objects when
 * they land, and nothing stands in for them meanwhile.
 */
const CountSchema = z.number().int().nonnegative();

/** How many, and the newest few of them. */
const newestOf = <T extends z.ZodType>(item: T) => z.object({ count: CountSchema, newest: z.array(item) });

/** An appointment as a dashboard shows it: when, what, with whom and how it stands; never its notes. */
export const DashboardAppointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: AppointmentStatusSchema,
  serviceName: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
});
export type DashboardAppointment = z.infer<typeof DashboardAppointmentSchema>;

/** How many of a day's appointments are in each status. */
export const StatusCountsSchema = z.object(
  Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, CountSchema])) as Record<
    (typeof APPOINTMENT_STATUSES)[number],
    typeof CountSchema
  >,
);
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/**
 * One day of the clinic (CLINIC_TIME_ZONE): the day ('YYYY-MM-DD'), the zone, and its appointments earliest
 * first.
 */
const clinicDay = <T extends z.ZodRawShape>(extra: T) =>
  z.object({
    day: z.string(),
    timeZone: z.string(),
    appointments: z.array(DashboardAppointmentSchema),
    ...extra,
  });

export const PatientDashboardSchema = z.object({
  kind: z.literal('patient'),
  /** The earliest of the patient's appointments that has not ended and is still on (not cancelled). */
  nextAppointment: DashboardAppointmentSchema.nullable(),
  unreadMessages: CountSchema,
  unreadNotifications: CountSchema,
  onboarding: OnboardingProgressSchema,
  /** Signed notes shared with the patient, newest first. */
  recentSharedNotes: z.array(
    z.object({
      id: z.string(),
      practitionerName: z.string(),
      painScore: z.number().int().nullable(),
      signedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  progress: RecoveryProgressSchema,
  /** What the patient owes on invoices sent to them (sent, partially paid, overdue), and the one due first. */
  billing: z.object({
    balanceDueCents: z.number().int(),
    openInvoices: CountSchema,
    nextDue: z
      .object({ id: z.string(), number: z.string(), dueDate: z.string(), balanceCents: z.number().int() })
      .nullable(),
  }),
});

export const PractitionerDashboardSchema = z.object({
  kind: z.literal('practitioner'),
  unreadMessages: CountSchema,
  /** The practitioner's own sessions of the clinic's today, cancelled ones left out. */
  todaysSessions: clinicDay({}),
  /** Public booking requests waiting for the practitioner's decision. */
  pendingPublicBookings: CountSchema,
  /** The practitioner's own drafts, newest change first. */
  notesAwaitingSignature: newestOf(
    z.object({ id: z.string(), patientId: z.string(), patientName: z.string(), updatedAt: z.string() }),
  ),
  /** Patients in the practitioner's care team. */
  myPatients: CountSchema,
  /** Patients in reach with a note in the last RECENT_NOTE_DAYS days, by their latest note. */
  patientsWithRecentNotes: newestOf(
    z.object({
      patientId: z.string(),
      patientName: z.string(),
      latestNoteId: z.string(),
      latestNoteAt: z.string(),
    }),
  ),
});

export const GeneralDashboardSchema = z.object({
  kind: z.literal('general'),
  unreadMessages: CountSchema,
  /**
   * Every practitioner's appointments of the clinic's today, earliest first (at most
   * CLINIC_SCHEDULE_LIST_MAX of them), with how many there are in all and in each status.
   */
  clinicSchedule: clinicDay({ total: CountSchema, byStatus: StatusCountsSchema }),
  /** Patients whose record was made in the last NEW_PATIENT_DAYS days, newest first. */
  newPatients: newestOf(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), createdAt: z.string() }),
  ),
  activePatients: CountSchema,
  /** Signed since Monday 00:00 UTC. */
  notesSignedThisWeek: CountSchema,
  billing: z.object({
    /** Invoice payments received since the 1st of the clinic's month, less refunds made in it. */
    revenueThisMonthCents: z.number().int(),
    /** Invoices past their due date with a balance, and that balance. */
    overdueInvoices: CountSchema,
    overdueBalanceCents: z.number().int(),
    /** While session billing is on: completed sessions of the last UNBILLED_DEFAULT_DAYS days not on an invoice. */
    unbilledSessions: CountSchema.optional(),
  }),
});

export const MemberDashboardSchema = z.object({
  kind: z.literal('member'),
  unreadMessages: CountSchema,
  /** Whether the member finished onboarding, and the step it resumes at until then. */
  onboarding: z.object({
    completed: z.boolean(),
    nextStep: z.enum(MEMBER_ONBOARDING_STEPS).nullable(),
  }),
  /** The member's own gifts that went through (refunded ones are left out of the count and total). */
  donations: z.object({
    count: CountSchema,
    totalCents: z.number().int(),
    recent: z.array(
      z.object({
        id: z.string(),
        amountCents: z.number().int(),
        status: z.enum(['paid', 'refunded']),
        paidAt: z.string(),
      }),
    ),
  }),
  /** The member's registrations for upcoming events still in play (seat, waitlist, offer), the next few. */
  events: MemberEventsSummarySchema,
  /** The member's store orders: how many, and the newest few. */
  orders: z.object({
    count: CountSchema,
    recent: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        status: z.enum(ORDER_STATUSES),
        totalCents: z.number().int(),
      }),
    ),
  }),
  /** The member's open quotes (requested or answered): how many, and the newest few. */
  quotes: z.object({
    count: CountSchema,
    recent: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(OPEN_QUOTE_STATUSES) })),
  }),
});

export const DashboardSchema = z.discriminatedUnion('kind', [
  PatientDashboardSchema,
  PractitionerDashboardSchema,
  GeneralDashboardSchema,
  MemberDashboardSchema,
]);
export type Dashboard = z.infer<typeof DashboardSchema>;
export type PatientDashboard = z.infer<typeof PatientDashboardSchema>;
export type PractitionerDashboard = z.infer<typeof PractitionerDashboardSchema>;
export type GeneralDashboard = z.infer<typeof GeneralDashboardSchema>;
export type MemberDashboard = z.infer<typeof MemberDashboardSchema>;

/**
 * Pushed on the notifications socket when something behind the person's dashboard changed; the browser
 * asks for the dashboard again. It carries nothing else.
 */
export type DashboardChangedEvent = { type: 'dashboard_changed' };
export const DASHBOARD_CHANGED: DashboardChangedEvent = { type: 'dashboard_changed' };

/** Monday 00:00 UTC of the week holding `now`. */
export function startOfWeekUtc(now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysSinceMonday = (start.getUTCDay() + 6) % 7;
  start.setUTCDate(start.getUTCDate() - daysSinceMonday);
  return start;
}
