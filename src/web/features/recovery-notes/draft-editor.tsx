import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  RecoveryNote,
  RecoveryNoteContent,
  UpdateRecoveryNoteInput,
} from '../../../shared/recovery-notes';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { LatestScores } from '../check-ins';
import { useSaveDraft } from './api';
import { ContentFields, writtenGoals } from './content-fields';
import { SignNoteDialog } from './sign-note-dialog';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

type SaveState = 'idle' | 'unsaved' | 'saving' | 'saved';
const SAVE_LABELS: Record<SaveState, string> = {
  idle: '',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
};

const contentOf = (note: RecoveryNote): RecoveryNoteContent => ({
  subjective: note.subjective,
  objective: note.objective,
  assessment: note.assessment,
  plan: note.plan,
  painScore: note.painScore,
  goals: note.goals,
});

/**
 * The author's editor of a draft. What is typed stays here and is sent (only the fields changed) once typing
 * pauses; the server's answer is not copied back, so a save never overwrites what is being typed.
 */
export function DraftEditor({ note }: { note: RecoveryNote }) {
  const [content, setContent] = useState(() => contentOf(note));
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<UpdateRecoveryNoteInput>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const save = useSaveDraft(note.id);
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;

  /** Sends what changed since the last save; resolves false when the save was refused. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const changes = pending.current;
    if (Object.keys(changes).length === 0) return true;
    pending.current = {};
    setState('saving');
    setError(null);
    try {
      await saveRef.current(changes);
      setState(Object.keys(pending.current).length > 0 ? 'unsaved' : 'saved');
      return true;
    } catch (caught) {
      // Kept for the next try, under anything typed since.
      pending.current = { ...changes, ...pending.current };
      setState('unsaved');
      setError(isApiRequestError(caught) ? caught.message : 'Could not save the draft. Please try again.');
      return false;
    }
  }, []);

  // Leaving the page saves what is still waiting.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (Object.keys(pending.current).length > 0) void saveRef.current(pending.current).catch(() => {});
    },
    [],
  );

  const onChange = (changes: Partial<RecoveryNoteContent>) => {
    setContent((current) => ({ ...current, ...changes }));
    const { goals, ...rest } = changes;
    pending.current = { ...pending.current, ...rest, ...(goals ? { goals: writtenGoals(goals) } : {}) };
    setState('unsaved');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  };

  return (
    <section aria-labelledby="draft-editor-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="draft-editor-title" className="font-semibold">
          Edit draft
        </h3>
        <p role="status" aria-live="polite" className="text-muted-foreground text-sm">
          {SAVE_LABELS[state]}
        </p>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ContentFields
        value={content}
        onChange={onChange}
        besidePain={<LatestScores patientId={note.patientId} />}
      />
      <div className="flex justify-end">
        <SignNoteDialog noteId={note.id} beforeSign={flush} />
      </div>
    </section>
  );
}
