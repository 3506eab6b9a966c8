import { Link } from 'react-router';
import type { PatientRecord } from '../../../shared/patients';
import { dayOf, formatterFor, fullName } from '../../lib/format';
import { PagedList } from '../../ui/paged-list';
import { PatientSchedules } from '../check-ins';
import { useCareBetweenVisits } from '../clinic-features';
import { NewNoteDialog, NoteStatusBadge, RecoveryProgressChart, useNoteList } from '../recovery-notes';
import { RecordSection } from './patient-record-view';

const headClass = 'px-3 py-2 font-medium';

/**
 * The patient's recovery notes in the record panel: the progress chart of their signed notes, then every
 * note the caller may read, newest first, each opening on its own page. A practitioner starts a note here.
 */
export function PatientNotes({ record, canWrite }: { record: PatientRecord; canWrite: boolean }) {
  const list = useNoteList({ patientId: record.id, practitionerId: '', status: '', from: '', to: '' });
  const notes = list.data?.pages.flatMap((page) => page.items) ?? [];
  const name = fullName(record);
  const careBetweenVisits = useCareBetweenVisits();

  return (
    <div className="flex flex-col gap-4">
      <RecordSection title="Recovery progress">
        <RecoveryProgressChart patientId={record.id} />
      </RecordSection>
      {careBetweenVisits ? (
        <RecordSection title="Check-in schedule">
          <PatientSchedules patientId={record.id} patientName={name} canManage={canWrite} />
        </RecordSection>
      ) : null}
      <RecordSection title="Recovery notes">
        {canWrite ? (
          <div>
            <NewNoteDialog patient={{ id: record.id, name }} />
          </div>
        ) : null}
        <PagedList
          query={list}
          count={notes.length}
          loadingLabel="Loading notes…"
          errorText="Could not load the notes."
          emptyText="No recovery notes yet."
          loadMoreErrorText="Could not load more notes. Please try again."
        >
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{`Recovery notes of ${name}: ${notes.length} shown, newest first`}</caption>
              <thead className="bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className={headClass}>
                    Date
                  </th>
                  <th scope="col" className={headClass}>
                    Practitioner
                  </th>
                  <th scope="col" className={headClass}>
                    Pain
                  </th>
                  <th scope="col" className={headClass}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {notes.map((note) => {
                  const day = dayOf(note.signedAt ?? note.createdAt);
                  const dayText = formatterFor().day(day);
                  return (
                    <tr key={note.id} className="border-border border-t">
                      <th scope="row" className="px-3 py-2 font-normal">
                        <Link
                          to={`/recovery-notes/${note.id}`}
                          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                          aria-label={`Note of ${dayText} by ${note.practitionerName}`}
                        >
                          <time dateTime={day}>{dayText}</time>
                        </Link>
                      </th>
                      <td className="px-3 py-2">{note.practitionerName}</td>
                      <td className="px-3 py-2">{note.painScore === null ? '—' : `${note.painScore}/10`}</td>
                      <td className="px-3 py-2">
                        <span className="flex flex-wrap items-center gap-1">
                          <NoteStatusBadge status={note.status} />
                          {note.sharedWithPatient ? (
                            <span className="text-muted-foreground text-xs">Shared</span>
                          ) : null}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </PagedList>
      </RecordSection>
    </div>
  );
}
