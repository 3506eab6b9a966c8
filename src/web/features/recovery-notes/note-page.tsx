import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { RecoveryNote } from '../../../shared/recovery-notes';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { AmendNoteDialog } from './amend-note-dialog';
import { useNote, useShareNote } from './api';
import { DraftEditor } from './draft-editor';
import { NoteContent } from './note-content';
import { NoteHistory } from './note-history';
import { momentOf, NoteStatusBadge } from './note-status';

const BackLink = () => (
  <Link
    to="/recovery-notes"
    className="inline-flex items-center gap-1 text-primary text-sm underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All notes
  </Link>
);

function ShareButton({ note }: { note: RecoveryNote }) {
  const share = useShareNote(note.id);
  const toggle = async () => {
    try {
      await share.mutateAsync(!note.sharedWithPatient);
      toast.success(note.sharedWithPatient ? 'No longer shared with the patient' : 'Shared with the patient');
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not change sharing. Please try again.');
    }
  };
  return (
    <Button variant="outline" onClick={toggle} disabled={share.isPending}>
      {note.sharedWithPatient ? 'Stop sharing' : 'Share with patient'}
    </Button>
  );
}

/** /recovery-notes/:id: one note, what the caller may do with it, and its history. */
export function RecoveryNotePage() {
  const { id = '' } = useParams();
  const user = useUser();
  const query = useNote(id);

  if (query.isPending) return <LoadingState label="Loading note…" />;
  if (query.isError) {
    const missing =
      isApiRequestError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        {missing ? (
          <section className="rounded-lg border border-border border-dashed p-6 text-center">
            <h2 className="font-semibold text-lg">Note not found</h2>
            <p className="text-muted-foreground">This note does not exist or is not yours to see.</p>
          </section>
        ) : (
          <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>{query.error.message || 'Could not load the note.'}</span>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </div>
    );
  }

  const note = query.data;
  const isAuthor = user.role === 'practitioner' && user.id === note.practitionerId;
  const mayShare = isAuthor || user.role === 'staff' || user.role === 'admin';
  const editing = isAuthor && note.status === 'draft';

  return (
    <article aria-labelledby="note-title" className="flex flex-col gap-6">
      <BackLink />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="note-title" className="font-semibold text-lg">
            Recovery note for {note.patientName}
          </h2>
          <NoteStatusBadge status={note.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Written by: </dt>
            <dd className="inline">{note.practitionerName}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Started: </dt>
            <dd className="inline">
              <time dateTime={note.createdAt}>{momentOf(note.createdAt)}</time>
            </dd>
          </div>
          {note.signedAt ? (
            <div>
              <dt className="inline font-medium">Signed: </dt>
              <dd className="inline">
                {note.signedByName ?? note.practitionerName} on{' '}
                <time dateTime={note.signedAt}>{momentOf(note.signedAt)}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-medium">Shared with patient: </dt>
            <dd className="inline">
              {note.sharedWithPatient && note.sharedAt ? (
                <>
                  Yes, since <time dateTime={note.sharedAt}>{momentOf(note.sharedAt)}</time>
                </>
              ) : (
                'No'
              )}
            </dd>
          </div>
        </dl>
        {mayShare || (isAuthor && note.status === 'signed') ? (
          <div className="flex flex-wrap gap-2">
            {isAuthor && note.status === 'signed' ? <AmendNoteDialog note={note} /> : null}
            {mayShare ? <ShareButton note={note} /> : null}
          </div>
        ) : null}
      </header>

      {editing ? (
        <DraftEditor key={note.id} note={note} />
      ) : (
        <section aria-labelledby="note-content-title" className="flex flex-col gap-3">
          <h3 id="note-content-title" className="font-semibold">
            {note.amendmentCount > 0 ? 'Current version' : 'Note'}
          </h3>
          <NoteContent content={note} />
        </section>
      )}

      <NoteHistory note={note} />
    </article>
  );
}
