import { Link } from 'react-router';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { LoadingState } from '../../ui/spinner';
import { useCreateNote, useNote, useNoteList } from './api';
import { DraftEditor } from './draft-editor';
import { NoteContent } from './note-content';

const linkClass = 'rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline';

function NoteOf({ id }: { id: string }) {
  const note = useNote(id);
  if (note.isError) return <Alert variant="error">{note.error.message}</Alert>;
  if (!note.data) return <LoadingState label="Loading the note…" />;
  if (note.data.status === 'draft') return <DraftEditor key={note.data.id} note={note.data} />;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm">This visit's note is signed.</p>
      <NoteContent content={note.data} headingLevel={4} />
    </div>
  );
}

/**
 * The practitioner's note of one appointment, beside a video visit: its draft editor (the same one as on the
 * note's page), or a button that starts the draft linked to the appointment.
 */
export function AppointmentNote({ patientId, appointmentId }: { patientId: string; appointmentId: string }) {
  const list = useNoteList({ patientId, practitionerId: '', status: '', from: '', to: '' });
  const create = useCreateNote();
  if (list.isError) return <Alert variant="error">{list.error.message}</Alert>;
  if (!list.data) return <LoadingState label="Loading the note…" />;
  const existing = list.data.pages
    .flatMap((page) => page.items)
    .find((note) => note.appointmentId === appointmentId);
  const id = existing?.id ?? create.data?.id;
  if (id)
    return (
      <div className="flex flex-col gap-2">
        <NoteOf id={id} />
        <Link to={`/recovery-notes/${id}`} target="_blank" rel="noopener" className={linkClass}>
          Open the note in a new tab
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm">No note for this visit yet.</p>
      {create.isError ? (
        <Alert variant="error">{refusalOf(create.error, 'The note could not be started.').message}</Alert>
      ) : null}
      <div>
        <Button
          variant="outline"
          disabled={create.isPending}
          onClick={() => create.mutate({ patientId, appointmentId })}
        >
          Start the note
        </Button>
      </div>
    </div>
  );
}
