import { z } from 'zod';
import { NOTHING_TO_CHANGE } from './api-error';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from './vocabulary/notifications';

export * from './vocabulary/notifications';

export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

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
