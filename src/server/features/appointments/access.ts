import type { Role } from '../../../shared/roles';
import type { Appointment } from '../../../shared/scheduling';
import { telehealthSessionPath } from '../../../shared/telehealth';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { getFeatures } from '../clinic-features/service';
import * as patients from '../patients/service';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const NOT_YOURS_TO_CHANGE = "Only the appointment's practitioner or the clinic's staff can change it";
/** Staff and admin see and manage every appointment. */
export const MANAGERS: readonly Role[] = ['staff', 'admin'];

/**
 * Who may see an appointment (PRODUCT.md, 'Who may see what'): staff and admin all, a practitioner their own
 * and those of the patients in their reach, a patient their own. Members none.
 */
export async function canRead(db: Db | Tx, caller: Caller, row: repository.AppointmentRow) {
  if (MANAGERS.includes(caller.role)) return true;
  if (caller.role === 'practitioner')
    return row.practitionerId === caller.id || patients.isPatientInReach(db, caller, row.patientId);
  if (caller.role === 'patient') return row.patientId === caller.id;
  return false;
}

/** The appointment when the caller may see it; otherwise it does not exist for them, so ids cannot be probed. */
export async function readableAppointment(
  db: Db | Tx,
  caller: Caller,
  { id, lock }: { id: string; lock?: boolean },
) {
  const row = await repository.findAppointment(db, id, { lock });
  if (!row || !(await canRead(db, caller, row))) throw notFound(APPOINTMENT_NOT_FOUND);
  return row;
}

/** Changes belong to the appointment's own practitioner and to staff and admin; others who see it only read. */
export function assertMayManage(caller: Caller, row: repository.AppointmentRow) {
  if (MANAGERS.includes(caller.role)) return;
  if (caller.role === 'practitioner' && row.practitionerId === caller.id) return;
  throw forbidden(NOT_YOURS_TO_CHANGE);
}

/** Every read and write of an appointment is logged with who, what and which patient; never its notes. */
export const audit = (
  db: Db | Tx,
  caller: Caller,
  {
    action,
    id,
    meta,
    details,
  }: {
    action: string;
    id: string | null;
    meta: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) =>
  recordActivity(db, {
    actorId: caller.id,
    action,
    entityType: 'appointment',
    entityId: id,
    ipAddress: meta.ipAddress,
    details,
  });

/**
 * How appointments are shown as video visits: with the clinic's address for the join link while video visits
 * are on; null while they are off, and then an appointment answers exactly as the specification's.
 */
export type VideoView = { appUrl: string } | null;

/** The call's address of a video visit, on the clinic's own origin. */
export const videoJoinUrl = (appUrl: string, appointmentId: string) =>
  `${appUrl.replace(/\/+$/, '')}${telehealthSessionPath(appointmentId)}`;

export async function videoViewOf(db: Db | Tx, config?: Pick<Config, 'appUrl'>): Promise<VideoView> {
  if (!config) return null;
  const { features } = await getFeatures(db);
  return features.videoVisits ? { appUrl: config.appUrl } : null;
}

const videoFields = (row: repository.AppointmentRow, video: VideoView) =>
  video
    ? { isVideo: row.isVideo, ...(row.isVideo ? { joinUrl: videoJoinUrl(video.appUrl, row.id) } : {}) }
    : {};

export function toAppointment(row: repository.AppointmentRow, video: VideoView = null): Appointment {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerName,
    serviceTypeId: row.serviceTypeId,
    serviceName: row.serviceName,
    colour: row.colour,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    cancellationReason: row.cancellationReason,
    notes: row.notes,
    ...videoFields(row, video),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
