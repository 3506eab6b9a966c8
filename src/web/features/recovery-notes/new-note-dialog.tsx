import { FilePlus } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CreateRecoveryNoteInputSchema } from '../../../shared/recovery-notes';
import { isApiRequestError } from '../../lib/api-error';
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
import { Select } from '../../ui/select';
import { PatientPicker } from '../patients';
import { useCreateNote, useTemplates } from './api';

const shape = CreateRecoveryNoteInputSchema.shape;
const NewNoteSchema = z.object({
  patientId: z.string().min(1, 'Choose a patient').pipe(shape.patientId),
  /** The empty choice is no template: nothing is sent. */
  templateId: z
    .string()
    .transform((id) => id || undefined)
    .pipe(shape.templateId),
});

/**
 * A practitioner starts a draft for a patient, optionally from a template, and goes straight to it. Given a
 * patient (from their record), the note is for them and no patient is asked for.
 */
export function NewNoteDialog({ patient }: { patient?: { id: string; name: string } } = {}) {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const empty = { patientId: patient?.id ?? '', templateId: '' };
  const form = useZodForm(NewNoteSchema, empty);
  const [refusal, setRefusal] = useState<string | null>(null);
  const templates = useTemplates(isOpen);
  const create = useCreateNote();
  // The picker has no message of its own: not choosing is said in the dialog's alert.
  const error = form.formState.errors.patientId?.message ?? refusal;

  // Each opening starts afresh, for the patient the dialog is for now.
  const onOpenChange = (open: boolean) => {
    setOpen(open);
    form.reset(empty);
    setRefusal(null);
  };

  const onSubmit = form.handleSubmit(
    async ({ patientId, templateId }) => {
      setRefusal(null);
      try {
        const note = await create.mutateAsync({ patientId, ...(templateId ? { templateId } : {}) });
        setOpen(false);
        navigate(`/recovery-notes/${note.id}`);
      } catch (caught) {
        setRefusal(
          isApiRequestError(caught) ? caught.message : 'Could not start the note. Please try again.',
        );
      }
    },
    () => setRefusal(null),
  );

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <FilePlus aria-hidden="true" />
          New note
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close new note">
        <DialogHeader>
          <DialogTitle>New note</DialogTitle>
          <DialogDescription>
            {patient ? `For ${patient.name}. ` : ''}The note starts as a draft that saves as you write.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="New note" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          {patient ? null : (
            <Controller
              control={form.control}
              name="patientId"
              render={({ field }) => (
                <PatientPicker
                  label="Patient"
                  emptyLabel="Choose a patient"
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          <FormField label="Template" error={form.formState.errors.templateId?.message}>
            <Select {...form.register('templateId')}>
              <option value="">No template</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </Select>
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Starting…' : 'Start note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
