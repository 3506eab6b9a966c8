import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type AmendmentChanges,
  RECOVERY_NOTE_CONTENT_FIELDS,
  RECOVERY_NOTE_REASON_MAX,
  type RecoveryNote,
  type RecoveryNoteContent,
} from '../../../shared/recovery-notes';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/select';
import { useAmendNote } from './api';
import { ContentFields, writtenGoals } from './content-fields';

const contentOf = (note: RecoveryNote): RecoveryNoteContent => ({
  subjective: note.subjective,
  objective: note.objective,
  assessment: note.assessment,
  plan: note.plan,
  painScore: note.painScore,
  goals: note.goals,
});

/** Only the fields that differ from the signed note go into the amendment. */
function changesBetween(before: RecoveryNoteContent, after: RecoveryNoteContent): AmendmentChanges {
  const changes: Record<string, unknown> = {};
  for (const field of RECOVERY_NOTE_CONTENT_FIELDS) {
    const value = field === 'goals' ? writtenGoals(after.goals) : after[field];
    if (JSON.stringify(value) !== JSON.stringify(before[field])) changes[field] = value;
  }
  return changes as AmendmentChanges;
}

/** The author changes a signed note: the changes and a reason, kept in the history beside the signed version. */
export function AmendNoteDialog({ note }: { note: RecoveryNote }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [content, setContent] = useState(() => contentOf(note));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const amend = useAmendNote(note.id);

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    if (open) setContent(contentOf(note));
    else {
      setReason('');
      setError(null);
      setReasonError(null);
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setReasonError(null);
    const changes = changesBetween(contentOf(note), content);
    if (!reason.trim()) setReasonError('Reason is required');
    if (Object.keys(changes).length === 0) setError('Change at least one field to amend the note.');
    if (!reason.trim() || Object.keys(changes).length === 0) return;
    try {
      await amend.mutateAsync({ changes, reason: reason.trim() });
      toast.success('Amendment saved');
      onOpenChange(false);
    } catch (caught) {
      if (isApiRequestError(caught)) {
        if (caught.fields?.reason) setReasonError(caught.fields.reason);
        setError(caught.message);
      } else setError('Could not save the amendment. Please try again.');
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">Amend</Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close amend note" className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Amend note</DialogTitle>
          <DialogDescription>
            The signed version is kept in the history; say why the note changes.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="Amend note" className="flex flex-col gap-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <ContentFields
            value={content}
            painRequired={note.painScore !== null}
            onChange={(changes) => setContent((current) => ({ ...current, ...changes }))}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-reason`}>Reason for the amendment</Label>
            <Textarea
              id={`${id}-reason`}
              rows={2}
              required
              value={reason}
              maxLength={RECOVERY_NOTE_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {reasonError ? (
              <p id={`${id}-reason-error`} className="font-medium text-destructive text-sm">
                {reasonError}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={amend.isPending}>
              {amend.isPending ? 'Saving…' : 'Save amendment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
