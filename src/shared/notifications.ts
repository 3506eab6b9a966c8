import { z } from 'zod';
import { NOTHING_TO_CHANGE } from './api-error';

export const NOTIFICATION_TYPES = [
  'appointment_created',
  'appointment_updated',
  'appointment_cancelled',
  'appointment_reminder',
  'patient_registered',
  'patient_updated',
  'clinical_note_created',
  'clinical_note_updated',
  'invoice_created',
  'invoice_paid',
  'invoice_overdue',
  'message_received',
  'telehealth_session_started',
  'telehealth_session_ended',
  'system_update',
  'security_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Desktop notifications are shown for these priorities (specification section 9). */
export const DESKTOP_PRIORITIES: readonly NotificationPriority[] = ['urgent', 'high'];

/** The labels the settings screen and the drawer use for each type. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  appointment_created: 'Appointment booked',
  appointment_updated: 'Appointment changed',
  appointment_cancelled: 'Appointment cancelled',
  appointment_reminder: 'Appointment reminder',
  patient_registered: 'New patient registered',
  patient_updated: 'Patient details updated',
  clinical_note_created: 'Recovery note written',
  clinical_note_updated: 'Recovery note updated',
  invoice_created: 'Invoice issued',
  invoice_paid: 'Invoice paid',
  invoice_overdue: 'Invoice overdue',
  message_received: 'New message',
  telehealth_session_started: 'Telehealth session started',
  telehealth_session_ended: 'Telehealth session ended',
  system_update: 'System update',
  security_alert: 'Security alert',
};

export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  message: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  isRead: z.boolean(),
  createdAt: z.string(),
  actionUrl: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.strictObject({
  before: z.uuid({ error: 'Must be a valid id' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const NotificationIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });

/** How a pushed notification is to be presented, decided by the server from the user's preferences. */
export const NotificationDeliverySchema = z.object({ desktop: z.boolean(), sound: z.boolean() });
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

/** The notifications socket (/ws?channel=notifications). */
export type NotificationSocketEvent = {
  type: 'notification';
  data: Notification;
  delivery: NotificationDelivery;
};

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'desktop', 'sound'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NotificationPreferenceSchema = z.object({
  type: NotificationTypeSchema,
  inApp: z.boolean(),
  email: z.boolean(),
  desktop: z.boolean(),
  sound: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

/** GET /api/notification-preferences answers every type, defaults filled in. */
export const NotificationPreferenceListSchema = z.array(NotificationPreferenceSchema);

/** Email is on by default only where a person would expect a letter; messages stay in the portal. */
export function defaultNotificationPreference(type: NotificationType): NotificationPreference {
  const email = ![
    'message_received',
    'telehealth_session_started',
    'telehealth_session_ended',
    'patient_updated',
    'clinical_note_updated',
    'appointment_updated',
  ].includes(type);
  return { type, inApp: true, email, desktop: true, sound: true };
}

/** PUT /api/notification-preferences: a list of changes, each naming its type and any of the four channels. */
export const UpdateNotificationPreferencesInputSchema = z
  .array(
    z
      .strictObject({
        type: NotificationTypeSchema,
        inApp: z.boolean().optional(),
        email: z.boolean().optional(),
        desktop: z.boolean().optional(),
        sound: z.boolean().optional(),
      })
      .refine((entry) => Object.keys(entry).length > 1, NOTHING_TO_CHANGE),
  )
  .min(1, NOTHING_TO_CHANGE)
  .max(NOTIFICATION_TYPES.length * 4);
export type UpdateNotificationPreferencesInput = z.infer<typeof UpdateNotificationPreferencesInputSchema>;
