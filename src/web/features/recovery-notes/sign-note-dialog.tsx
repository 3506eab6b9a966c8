import { useState } from 'react';
import { toast } from 'sonner';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { useSignNote } from './api';

type SignNoteDialogProps = {
  noteId: string;
  /** Saves what the editor still holds; false when that save was refused. */
  beforeSign: () => Promise<boolean>;
};

/** Signing locks the note for good (later changes are amendments), so it is asked for once more. */
export function SignNoteDialog({ noteId, beforeSign }: SignNoteDialogProps) {
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sign = useSignNote(noteId);

  const confirm = async () => {
    setError(null);
    if (!(await beforeSign())) {
      setError('The latest changes could not be saved, so the note was not signed.');
      return;
    }
    try {
      await sign.mutateAsync(undefined);
      toast.success('Note signed');
      setOpen(false);
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'Could not sign the note. Please try again.');
    }
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>Sign note</Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close sign note">
        <DialogHeader>
          <DialogTitle>Sign this note?</DialogTitle>
          <DialogDescription>
            A signed note is locked. Any later change is an amendment with a reason, and the signed version is
            kept.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={sign.isPending}>
            Sign and lock
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
