import type { RecoveryNoteStatus } from '../../../shared/recovery-notes';
import { Badge } from '../../ui/badge';

export const NOTE_STATUS_LABELS: Record<RecoveryNoteStatus, string> = { draft: 'Draft', signed: 'Signed' };

export function NoteStatusBadge({ status }: { status: RecoveryNoteStatus }) {
  return <Badge variant={status === 'signed' ? 'secondary' : 'outline'}>{NOTE_STATUS_LABELS[status]}</Badge>;
}

/** A day as the server stores it (UTC), so every reader sees the same date. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/** A moment in the reader's own time zone. */
export const momentOf = (iso: string) => new Date(iso).toLocaleString();
