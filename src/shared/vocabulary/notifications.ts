// The types and priorities of notifications, and how they are shown.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

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
  // Beyond the specification: raised only while the clinic has care between visits on (decision 0036).
  'check_in_requested',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The types that exist only while the clinic has care between visits on; off, settings list the spec's 16. */
export const CARE_BETWEEN_VISITS_TYPES: readonly NotificationType[] = ['check_in_requested'];
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
  check_in_requested: 'Check-in to fill in',
};
