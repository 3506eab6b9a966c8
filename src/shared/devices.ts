import { z } from 'zod';
import type { Role } from './roles';

/** One signed-in session of the caller, as Settings > Security lists it. */
export const DeviceSessionSchema = z.object({
  id: z.string(),
  /** 'macOS', 'iPhone', 'Windows'; 'Unknown device' when the browser did not say. */
  device: z.string(),
  /** 'Chrome', 'Safari'; 'Unknown browser' when the browser did not say. */
  browser: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastActiveAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;
export const DeviceSessionsSchema = z.array(DeviceSessionSchema);

export const SessionIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'id must be a UUID' }) });

export const IDLE_LIMITS = {
  staff: { min: 5, max: 720, default: 30 },
  patient: { min: 5, max: 10_080, default: null },
} as const;

const STAFF_IDLE_ERROR = `Staff idle minutes must be a whole number from ${IDLE_LIMITS.staff.min} to ${IDLE_LIMITS.staff.max}`;
const PATIENT_IDLE_ERROR = `Patient idle minutes must be empty (off) or a whole number from ${IDLE_LIMITS.patient.min} to ${IDLE_LIMITS.patient.max}`;

/** The clinic's automatic sign-out: minutes of inactivity per role group (decision 0034). */
export const IdleSignOutSettingsSchema = z.strictObject({
  staffIdleMinutes: z
    .number({ error: STAFF_IDLE_ERROR })
    .int(STAFF_IDLE_ERROR)
    .min(IDLE_LIMITS.staff.min, STAFF_IDLE_ERROR)
    .max(IDLE_LIMITS.staff.max, STAFF_IDLE_ERROR),
  patientIdleMinutes: z
    .number({ error: PATIENT_IDLE_ERROR })
    .int(PATIENT_IDLE_ERROR)
    .min(IDLE_LIMITS.patient.min, PATIENT_IDLE_ERROR)
    .max(IDLE_LIMITS.patient.max, PATIENT_IDLE_ERROR)
    .nullable(),
});
export type IdleSignOutSettings = z.infer<typeof IdleSignOutSettingsSchema>;

export const DEFAULT_IDLE_SIGN_OUT: IdleSignOutSettings = {
  staffIdleMinutes: IDLE_LIMITS.staff.default,
  patientIdleMinutes: IDLE_LIMITS.patient.default,
};

/** What the browser loads after sign-in: the caller's idle limit, null when off. */
export const SessionPolicySchema = z.object({ idleMinutes: z.number().int().nullable() });
export type SessionPolicy = z.infer<typeof SessionPolicySchema>;

/** Patients and members keep the patients' limit; everyone who works at the clinic the staff one. */
export function idleMinutesFor(role: Role, settings: IdleSignOutSettings) {
  return role === 'patient' || role === 'member' ? settings.patientIdleMinutes : settings.staffIdleMinutes;
}
