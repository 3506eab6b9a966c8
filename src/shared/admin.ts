import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { EmailSchema, PhoneSchema, UserSchema } from './auth';
import { oneLine } from './one-line';
import { RoleSchema } from './roles';

export const UserIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'id must be a UUID' }) });
export const AdminUserResponseSchema = z.object({ user: UserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

/** The refusals an admin meets when managing accounts; the server answers with these words. */
export const ADMIN_ERRORS = {
  selfDeactivate: 'You cannot deactivate your own account',
  lastAdminDeactivate: 'The last active admin cannot be deactivated',
  selfRole: 'You cannot change your own role',
  lastAdminDemote: 'The last active admin must stay an admin',
  sameRole: 'The account already has this role',
  userNotFound: 'User not found',
} as const;

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_MAX = 100;
export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES, { error: 'Status must be active or inactive' });
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .check(oneLine(label));

const limit = z.coerce
  .number({ error: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(ADMIN_PAGE_MAX, `Limit must be at most ${ADMIN_PAGE_MAX}`)
  .default(ADMIN_PAGE_SIZE);

/** GET /api/admin/users: one page of the accounts holding a role, by name. */
export const ListUsersQuerySchema = z.strictObject({
  role: RoleSchema,
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: AccountStatusSchema.optional(),
  /** The id of the last account of the previous page. */
  cursor: z.uuid({ error: 'Invalid cursor' }).optional(),
  limit,
});
export type ListUsersQuery = z.input<typeof ListUsersQuerySchema>;
export type ListUsersParams = z.infer<typeof ListUsersQuerySchema>;

/** An account as the admin pages show it: the user plus their phone and when they were deactivated. */
export const AdminUserSchema = UserSchema.extend({
  phone: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({
  items: z.array(AdminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserDetailSchema = z.object({ user: AdminUserSchema });
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** POST /api/admin/users: a new account of any role; the person sets a password from the emailed link. */
export const CreateUserInputSchema = z.strictObject({
  role: RoleSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  email: EmailSchema,
  phone: PhoneSchema.optional(),
});
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

/** PATCH /api/admin/users/{id}: names, email and phone; '' or null clears the phone. */
export const UpdateUserInputSchema = z
  .strictObject({
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.nullable().optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

/** PUT /api/admin/users/{id}/role */
export const ChangeRoleInputSchema = z.strictObject({
  role: RoleSchema,
});
export type ChangeRoleInput = z.infer<typeof ChangeRoleInputSchema>;

export const AdminMessageSchema = z.object({ message: z.string() });

/** Entity types the activity log's filter offers; the server takes any well-formed one. */
export const ACTIVITY_ENTITY_TYPES = [
  'user',
  'patient',
  'appointment',
  'recovery_note',
  'message',
  'donation',
  'invoice',
  'payment',
  'order',
  'product',
  'event',
  'event_registration',
  'quote',
  'member_profile',
  'service_type',
  'practitioner_schedule',
  'public_booking_request',
  'calendar_feed',
  'report',
  'activity_log',
] as const;
export const ACTIVITY_ENTITY_LABELS: Record<(typeof ACTIVITY_ENTITY_TYPES)[number], string> = {
  user: 'Account',
  patient: 'Patient',
  appointment: 'Appointment',
  recovery_note: 'Recovery note',
  message: 'Message',
  donation: 'Donation',
  invoice: 'Invoice',
  payment: 'Payment',
  order: 'Store order',
  product: 'Product',
  event: 'Event',
  event_registration: 'Event registration',
  quote: 'Quote',
  member_profile: 'Member profile',
  service_type: 'Service type',
  practitioner_schedule: 'Practitioner schedule',
  public_booking_request: 'Public booking request',
  calendar_feed: 'Calendar feed',
  report: 'Report',
  activity_log: 'Activity log',
};

const DaySchema = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} must be a real date`)
    .refine(
      (value) => value >= '1900-01-01' && value <= '2199-12-31',
      `${label} must fall between 1900 and 2199`,
    );

/** The filters of the activity log, shared by its page and its CSV export; days are the clinic's. */
const activityFilterFields = {
  /** Part of the actor's name or email, or their id. */
  actor: z.string().trim().max(100, 'Actor must be at most 100 characters').optional(),
  /** The start of an action name: 'account.' finds every account action. */
  action: z
    .string()
    .trim()
    .max(100, 'Action must be at most 100 characters')
    .regex(/^[a-z0-9_.-]*$/i, 'Action may contain letters, digits and . _ - only')
    .optional(),
  entityType: z
    .string()
    .regex(/^[a-z_]{1,50}$/, 'Entity type must be lower-case letters and _ only')
    .optional(),
  from: DaySchema('From').optional(),
  to: DaySchema('To').optional(),
};
const fromNotAfterTo: [
  (filters: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (filters) => !filters.from || !filters.to || filters.from <= filters.to,
  { message: 'From must not be after To', path: ['to'] },
];
export const ActivityFiltersSchema = z.strictObject(activityFilterFields).refine(...fromNotAfterTo);
export type ActivityFilters = z.infer<typeof ActivityFiltersSchema>;

export const ListActivityQuerySchema = z
  .strictObject({
    ...activityFilterFields,
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, 'Invalid cursor')
      .optional(),
    limit,
  })
  .refine(...fromNotAfterTo);
export type ListActivityQuery = z.input<typeof ListActivityQuerySchema>;
export type ListActivityParams = z.infer<typeof ListActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ipAddress: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z.object({
  items: z.array(ActivityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/** The most rows one CSV export holds; narrow the filters for more. */
export const ACTIVITY_EXPORT_MAX = 50_000;

const check = z.enum(['ok', 'down']);

/** GET /api/admin/overview */
export const AdminOverviewSchema = z.object({
  people: z.array(z.object({ role: RoleSchema, active: z.number(), inactive: z.number() })),
  today: z.object({
    day: z.string(),
    timeZone: z.string(),
    entries: z.number(),
    failures: z.number(),
    latest: z.array(ActivityEntrySchema),
  }),
  paymentsThisMonth: z.object({ month: z.string(), amountCents: z.number(), count: z.number() }),
  health: z.object({
    database: check,
    bus: z.object({ status: check, kind: z.enum(['in-process', 'redis']) }),
    jobs: z.object({ queued: z.number(), overdue: z.number(), failed: z.number() }),
    email: z.object({ mode: z.enum(['smtp', 'outbox']), failedToday: z.number() }),
    payments: z.object({ provider: z.enum(['stripe', 'test']) }),
    version: z.string(),
  }),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/**
 * Pushed on the notifications channel to every admin when an account is added, edited, re-roled, deactivated or
 * reactivated; open admin lists and the overview ask again.
 */
export type AccountsChangedEvent = { type: 'accounts_changed' };
export const ACCOUNTS_CHANGED: AccountsChangedEvent = { type: 'accounts_changed' };
