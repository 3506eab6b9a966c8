import type { RecoveryNoteStatus } from '../../../shared/recovery-notes';
import { formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';

export const NOTE_STATUS_LABELS: Record<RecoveryNoteStatus, string> = { draft: 'Draft', signed: 'Signed' };

export function NoteStatusBadge({ status }: { status: RecoveryNoteStatus }) {
  return <Badge variant={status === 'signed' ? 'secondary' : 'outline'}>{NOTE_STATUS_LABELS[status]}</Badge>;
}

/** A moment in the reader's own time zone. */
export const momentOf = (iso: string) => formatterFor().dateTime(iso);
