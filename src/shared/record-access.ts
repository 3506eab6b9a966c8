import { z } from 'zod';
import { RoleSchema } from './roles';

/**
 * Who opened a patient's record: the activity log's entries about the patient, their notes and their
 * account, newest first. GET /api/patients/me/access-log (the patient) and /api/patients/{id}/access-log
 * (staff and admin).
 */
export const ACCESS_LOG_PAGE_SIZE = 25;

export const AccessLogQuerySchema = z.strictObject({
  /** The id of the last entry of the previous page. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'Invalid cursor')
    .optional(),
});
export type AccessLogQuery = z.infer<typeof AccessLogQuerySchema>;

export const AccessLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The log's action code, e.g. patient.viewed. */
  action: z.string(),
  /** The action in words: 'Opened the record', 'Signed a recovery note'. */
  description: z.string(),
  actor: z.object({
    /** Null when the clinic's system acted (no person). */
    id: z.string().nullable(),
    name: z.string(),
    role: RoleSchema.nullable(),
    /** The person asking for the log did this. */
    isYou: z.boolean(),
  }),
  /** The note the entry is about, when it is about one. */
  noteId: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogPageSchema = z.object({
  items: z.array(AccessLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AccessLogPage = z.infer<typeof AccessLogPageSchema>;

const DESCRIPTIONS: Record<string, string> = {
  'patient.viewed': 'Opened the record',
  'patient.created': 'Created the record',
  'patient.updated': 'Updated the record',
  'patient.deactivated': 'Deactivated the record',
  'patient.practitioner-assigned': 'Added a practitioner to the care team',
  'patient.practitioner-unassigned': 'Removed a practitioner from the care team',
  'recovery-note.created': 'Started a recovery note',
  'recovery-note.updated': 'Edited a draft recovery note',
  'recovery-note.signed': 'Signed a recovery note',
  'recovery-note.amended': 'Amended a recovery note',
  'recovery-note.shared': 'Shared a recovery note',
  'recovery-note.unshared': 'Stopped sharing a recovery note',
  'recovery-note.viewed': 'Opened a recovery note',
  'recovery-note.listed': 'Listed the recovery notes',
  'recovery-note.progress-viewed': 'Viewed the recovery progress',
  'record-access.viewed': 'Viewed who opened the record',
  'fhir.read': 'Read the record through the FHIR interface',
  'record-copy.requested': 'Asked for a copy of the record',
  'record-copy.downloaded': 'Downloaded a copy of the record',
  'dashboard.viewed': 'Viewed the dashboard',
};

/** Words for an action code; an action added later without words reads as its code's last part. */
export function describeAccess(action: string): string {
  const known = DESCRIPTIONS[action];
  if (known) return known;
  const [area, verb] = action.split('.');
  const words = `${(verb ?? area).replaceAll('-', ' ')} (${area.replaceAll('-', ' ')})`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
