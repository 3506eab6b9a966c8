import { RECOVERY_NOTE_STATUSES, type RecoveryNoteStatus } from '../../../shared/recovery-notes';
import { isId } from '../../lib/ids';

/** What the notes list shows, kept in the address so a reload or a shared link shows the same list. */
export type NoteFilters = {
  patientId: string;
  /** Staff and admin only: the notes one practitioner wrote. */
  practitionerId: string;
  status: RecoveryNoteStatus | '';
  from: string;
  to: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

/** Reads the filters from the address, ignoring anything the server would refuse. */
export function noteFiltersFrom(params: URLSearchParams): NoteFilters {
  const patientId = params.get('patient');
  const practitionerId = params.get('practitioner');
  const status = params.get('status');
  return {
    patientId: isId(patientId) ? patientId.toLowerCase() : '',
    practitionerId: isId(practitionerId) ? practitionerId.toLowerCase() : '',
    status: RECOVERY_NOTE_STATUSES.find((candidate) => candidate === status) ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** Writes the filters into the address, leaving out empty ones so the plain list keeps a plain address. */
export function withNoteFilters(params: URLSearchParams, filters: NoteFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('patient', filters.patientId);
  set('practitioner', filters.practitionerId);
  set('status', filters.status);
  set('from', filters.from);
  set('to', filters.to);
  return next;
}

/** The GET /api/recovery-notes query for one page. */
export function noteQueryString(filters: NoteFilters, cursor?: string): string {
  const query = new URLSearchParams();
  if (filters.patientId) query.set('patientId', filters.patientId);
  if (filters.practitionerId) query.set('practitionerId', filters.practitionerId);
  if (filters.status) query.set('status', filters.status);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
