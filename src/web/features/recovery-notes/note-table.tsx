import { Link } from 'react-router';
import type { RecoveryNoteSummary } from '../../../shared/recovery-notes';
import { dayOf, formatterFor } from '../../lib/format';
import { columnsOf, DataTable } from '../../ui/data-table';
import { NoteStatusBadge } from './note-status';

type NoteTableProps = {
  caption: string;
  notes: RecoveryNoteSummary[];
  /** A patient reads their own notes: the patient column and the status (always signed) say nothing. */
  forPatient: boolean;
};

const NONE = '—';

/** One row a note, newest first; the date opens the note. */
export function NoteTable({ caption, notes, forPatient }: NoteTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={columnsOf(
        'Date',
        !forPatient && 'Patient',
        'Practitioner',
        'Pain score',
        !forPatient && 'Status',
        !forPatient && 'Shared',
      )}
    >
      {notes.map((note) => {
        const day = dayOf(note.signedAt ?? note.createdAt);
        const dayText = formatterFor().day(day);
        return (
          <tr key={note.id} className="border-border border-t">
            <th scope="row" className="px-3 py-2 font-normal">
              <Link
                to={`/recovery-notes/${note.id}`}
                className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                aria-label={forPatient ? `Note of ${dayText}` : `Note of ${dayText} for ${note.patientName}`}
              >
                <time dateTime={day}>{dayText}</time>
              </Link>
            </th>
            {forPatient ? null : <td className="px-3 py-2">{note.patientName}</td>}
            <td className="px-3 py-2">{note.practitionerName}</td>
            <td className="px-3 py-2">{note.painScore === null ? NONE : `${note.painScore}/10`}</td>
            {forPatient ? null : (
              <>
                <td className="px-3 py-2">
                  <NoteStatusBadge status={note.status} />
                </td>
                <td className="px-3 py-2">{note.sharedWithPatient ? 'Shared' : 'Not shared'}</td>
              </>
            )}
          </tr>
        );
      })}
    </DataTable>
  );
}
