import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../ui/paged-list';
import { useUser } from '../auth';
import { useNoteList } from './api';
import { type NoteFilters as Filters, noteFiltersFrom, withNoteFilters } from './list-params';
import { NewNoteDialog } from './new-note-dialog';
import { NoteFilters } from './note-filters';
import { NoteTable } from './note-table';

/**
 * /recovery-notes: the notes the caller may read, newest first, with the filters in the address. A patient
 * sees 'My Notes': their signed notes shared with them, read-only, narrowed by date only.
 */
export function RecoveryNotesPage() {
  const user = useUser();
  const isPatient = user.role === 'patient';
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const read = noteFiltersFrom(params);
  // Only staff and admin choose a practitioner; a practitioner id in a pasted link narrows nobody else's list.
  const filters: Filters = isPatient
    ? { ...read, patientId: '', practitionerId: '', status: '' }
    : isStaff
      ? read
      : { ...read, practitionerId: '' };
  const list = useNoteList(filters);
  const listName = isPatient ? 'My Notes' : 'Recovery notes';

  const changeFilters = useCallback(
    (changes: Partial<Filters>) =>
      setParams((current) => withNoteFilters(current, { ...noteFiltersFrom(current), ...changes }), {
        replace: true,
      }),
    [setParams],
  );

  const notes = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(
    filters.patientId || filters.practitionerId || filters.status || filters.from || filters.to,
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold text-lg">{listName}</h2>
        {user.role === 'practitioner' ? <NewNoteDialog /> : null}
      </div>
      <NoteFilters
        filters={filters}
        onChange={changeFilters}
        datesOnly={isPatient}
        showPractitioner={isStaff}
      />

      <PagedList
        query={list}
        count={notes.length}
        loadingLabel="Loading notes…"
        errorText="Could not load the notes."
        emptyText={filtered ? 'No notes match your filters.' : 'No notes yet.'}
        loadMoreErrorText="Could not load more notes. Please try again."
      >
        <NoteTable caption={`${listName}: ${notes.length} shown`} notes={notes} forPatient={isPatient} />
      </PagedList>
    </div>
  );
}
