import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type AmendmentChanges,
  CreateAmendmentInputSchema,
  RECOVERY_NOTE_CONTENT_FIELDS,
  RECOVERY_NOTE_REASON_MAX,
  type RecoveryNote,
  type RecoveryNoteContent,
} from '../../../shared/recovery-notes';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
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
import { FormField } from '../../ui/form-field';
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

/** The note's content as edited goes out as what changed from the signed version; the reason is the contract's. */
const amendmentSchema = (before: RecoveryNoteContent) =>
  z.object({
    changes: z
      .custom<RecoveryNoteContent>()
      .transform((after) => changesBetween(before, after))
      .refine((changes) => Object.keys(changes).length > 0, 'Change at least one field to amend the note.'),
    reason: CreateAmendmentInputSchema.shape.reason,
  });

/** The author changes a signed note: the changes and a reason, kept in the history beside the signed version. */
export function AmendNoteDialog({ note }: { note: RecoveryNote }) {
  const [isOpen, setOpen] = useState(false);
  const signed = contentOf(note);
  const form = useZodForm(amendmentSchema(signed), { changes: signed, reason: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const amend = useAmendNote(note.id);
  const { errors } = form.formState;
  // Nothing changed is said for the whole form, where a refusal is.
  const error = errors.changes?.message ?? refusal;

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    form.reset({ changes: contentOf(note), reason: '' });
    setRefusal(null);
  };

  const onSubmit = form.handleSubmit(
    async (input) => {
      setRefusal(null);
      try {
        await amend.mutateAsync(input);
        toast.success('Amendment saved');
        onOpenChange(false);
      } catch (caught) {
        setRefusal(
          applyServerErrors(caught, {
            fields: ['reason'],
            setError: form.setError,
            fallback: 'Could not save the amendment. Please try again.',
          }),
        );
      }
    },
    () => setRefusal(null),
  );

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
          <Controller
            control={form.control}
            name="changes"
            render={({ field }) => (
              <ContentFields
                value={field.value}
                painRequired={note.painScore !== null}
                onChange={(changes) => field.onChange({ ...field.value, ...changes })}
              />
            )}
          />
          <FormField label="Reason for the amendment" error={errors.reason?.message}>
            <Textarea rows={2} required maxLength={RECOVERY_NOTE_REASON_MAX} {...form.register('reason')} />
          </FormField>
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
