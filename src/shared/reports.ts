import { z } from 'zod';
import { DaySchema } from './scheduling';

/**
 * Reports: figures for a range of days of the clinic's calendar (CLINIC_TIME_ZONE), computed by aggregate
 * queries in the database. GET /api/reports/{report}?from=YYYY-MM-DD&to=YYYY-MM-DD[&practitionerId=…]; `to` is
 * inclusive. Staff and admin see the clinic and may narrow it to one practitioner; a practitioner sees their own
 * figures only (practitionerId is ignored); donations are the clinic's and membership is for admins. Patients
 * and members are refused (403).
 *
 * Each series is bucketed by day when the range is at most REPORT_DAILY_MAX_DAYS days, by week (starting
 * Monday) up to REPORT_WEEKLY_MAX_DAYS, else by month.
 */

export const REPORT_NAMES = [
  'appointments',
  'revenue',
  'receivables',
  'new-patients',
  'utilisation',
  'donations',
  'membership',
  'store',
  'events',
] as const;
export const ReportNameSchema = z.enum(REPORT_NAMES, { error: 'No such report' });
export type ReportName = z.infer<typeof ReportNameSchema>;

/** Reports a practitioner may open (their own figures). */
export const PRACTITIONER_REPORTS: readonly ReportName[] = [
  'appointments',
  'revenue',
  'receivables',
  'new-patients',
  'utilisation',
];
/** Reports only admins may open (the admin reports page). */
export const ADMIN_ONLY_REPORTS: readonly ReportName[] = ['membership', 'store', 'events'];

export const REPORT_TITLES: Record<ReportName, string> = {
  appointments: 'Appointments by status',
  revenue: 'Revenue: invoiced and collected',
  receivables: 'Receivables ageing',
  'new-patients': 'New patients',
  utilisation: 'Practitioner utilisation',
  donations: 'Donations',
  membership: 'Membership',
  store: 'Store sales',
  events: 'Events',
};

export const REPORT_MAX_DAYS = 731;
export const REPORT_DAILY_MAX_DAYS = 62;
export const REPORT_WEEKLY_MAX_DAYS = 366;
export const REPORT_DEFAULT_DAYS = 30;

export const REPORT_ERRORS = {
  order: 'From must not be after To',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days`,
  notAllowed: 'This report is not open to you',
} as const;

export type ReportBucket = 'day' | 'week' | 'month';

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The bucket of a range's series. */
export function bucketOf(from: string, to: string): ReportBucket {
  const days = dayCount(from, to);
  if (days <= REPORT_DAILY_MAX_DAYS) return 'day';
  return days <= REPORT_WEEKLY_MAX_DAYS ? 'week' : 'month';
}

export const ReportParamsSchema = z.strictObject({ report: ReportNameSchema });

export const ReportQuerySchema = z
  .strictObject({
    from: DaySchema('From'),
    to: DaySchema('To'),
    practitionerId: z.uuid({ error: 'practitionerId must be a UUID' }).optional(),
  })
  .refine((query) => query.from <= query.to, { message: REPORT_ERRORS.order, path: ['to'] })
  .refine((query) => query.from > query.to || dayCount(query.from, query.to) <= REPORT_MAX_DAYS, {
    message: REPORT_ERRORS.tooLong,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const Count = z.number().int().nonnegative();
const Cents = z.number().int();

const base = {
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  /** The practitioner the figures are narrowed to, or null for the whole clinic. */
  practitionerId: z.string().nullable(),
};

const STATUS_KEYS = ['scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'] as const;
const StatusCounts = z.object(
  Object.fromEntries(STATUS_KEYS.map((status) => [status, Count])) as {
    [K in (typeof STATUS_KEYS)[number]]: typeof Count;
  },
);

export const AppointmentsReportSchema = z.object({
  report: z.literal('appointments'),
  ...base,
  total: Count,
  byStatus: StatusCounts,
  /** No-shows over sessions that were due to happen (completed, checked in or no-show); null when none. */
  noShowRate: z.number().nullable(),
  series: z.array(z.object({ bucket: z.string(), total: Count, byStatus: StatusCounts })),
});

export const RevenueReportSchema = z.object({
  report: z.literal('revenue'),
  ...base,
  /** Totals of invoices issued in the range (void ones left out). */
  invoicedCents: Cents,
  invoiceCount: Count,
  /** Invoice payments received in the range less refunds made in it. */
  collectedCents: Cents,
  refundedCents: Cents,
  series: z.array(z.object({ bucket: z.string(), invoicedCents: Cents, collectedCents: Cents })),
});

export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export const AGEING_LABELS: Record<(typeof AGEING_BUCKETS)[number], string> = {
  current: 'Not yet due',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};
export const ReceivablesReportSchema = z.object({
  report: z.literal('receivables'),
  ...base,
  /** Open invoices today, aged by days past their due date at the range's end. */
  asOf: z.string(),
  totalCents: Cents,
  invoiceCount: Count,
  buckets: z.array(z.object({ bucket: z.enum(AGEING_BUCKETS), count: Count, balanceCents: Cents })),
});

export const NewPatientsReportSchema = z.object({
  report: z.literal('new-patients'),
  ...base,
  total: Count,
  series: z.array(z.object({ bucket: z.string(), count: Count })),
});

export const UtilisationReportSchema = z.object({
  report: z.literal('utilisation'),
  ...base,
  practitioners: z.array(
    z.object({
      practitionerId: z.string(),
      name: z.string(),
      /** Minutes of the weekly working hours over the range. */
      availableMinutes: Count,
      /** Minutes of sessions not cancelled. */
      bookedMinutes: Count,
      sessions: Count,
      completed: Count,
      noShows: Count,
      /** booked / available, null without working hours. */
      utilisation: z.number().nullable(),
    }),
  ),
});

export const DonationsReportSchema = z.object({
  report: z.literal('donations'),
  ...base,
  count: Count,
  amountCents: Cents,
  refundedCount: Count,
  refundedCents: Cents,
  series: z.array(z.object({ bucket: z.string(), count: Count, amountCents: Cents })),
});

export const MembershipReportSchema = z.object({
  report: z.literal('membership'),
  ...base,
  members: Count,
  activeMembers: Count,
  newMembers: Count,
  series: z.array(z.object({ bucket: z.string(), count: Count })),
});

export const StoreReportSchema = z.object({
  report: z.literal('store'),
  ...base,
  /** Orders paid in the range (whatever happened to them since), and what of them was refunded. */
  orders: Count,
  itemsSold: Count,
  salesCents: Cents,
  refundedCents: Cents,
  series: z.array(z.object({ bucket: z.string(), orders: Count, salesCents: Cents })),
  /** The best sellers of the range by quantity. */
  topProducts: z.array(z.object({ name: z.string(), quantity: Count, salesCents: Cents })),
});

export const EventsReportSchema = z.object({
  report: z.literal('events'),
  ...base,
  /** Events starting in the range that were not cancelled. */
  events: Count,
  registered: Count,
  waitlisted: Count,
  checkedIn: Count,
  /** Paid for seats less refunds. */
  takingsCents: Cents,
  rows: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      startsAt: z.string(),
      capacity: Count,
      registered: Count,
      waitlisted: Count,
      checkedIn: Count,
    }),
  ),
});

export const ReportAnswerSchema = z.discriminatedUnion('report', [
  AppointmentsReportSchema,
  RevenueReportSchema,
  ReceivablesReportSchema,
  NewPatientsReportSchema,
  UtilisationReportSchema,
  DonationsReportSchema,
  MembershipReportSchema,
  StoreReportSchema,
  EventsReportSchema,
]);
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;
export type ReportOf<N extends ReportName> = Extract<ReportAnswer, { report: N }>;
