import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState, Spinner } from '../../ui/spinner';
import { useUser } from '../auth/session';
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
  const [params, setParams] = useSearchParams();
  const read = noteFiltersFrom(params);
  const filters: Filters = isPatient ? { ...read, patientId: '', status: '' } : read;
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
  const filtered = Boolean(filters.patientId || filters.status || filters.from || filters.to);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold text-lg">{listName}</h2>
        {user.role === 'practitioner' ? <NewNoteDialog /> : null}
      </div>
      <NoteFilters filters={filters} onChange={changeFilters} datesOnly={isPatient} />

      {list.isPending ? (
        <LoadingState label="Loading notes…" />
      ) : list.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{list.error.message || 'Could not load the notes.'}</span>
          <Button size="sm" variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : notes.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
          {filtered ? 'No notes match your filters.' : 'No notes yet.'}
        </p>
      ) : (
        <>
          <NoteTable caption={`${listName}: ${notes.length} shown`} notes={notes} forPatient={isPatient} />
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? <Spinner /> : null}
                Load more
              </Button>
            </div>
          ) : null}
          {list.isFetchNextPageError ? (
            <Alert variant="error">Could not load more notes. Please try again.</Alert>
          ) : null}
        </>
      )}
    </div>
  );
}
