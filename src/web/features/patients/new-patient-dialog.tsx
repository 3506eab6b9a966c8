import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CreatePatientInputSchema, PATIENT_RECORD_FIELDS } from '../../../shared/patients';
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
import { Input } from '../../ui/input';
import { useCreatePatient } from './api';
import { RecordFields } from './record-fields';

const FIELDS = ['firstName', 'lastName', 'email', ...PATIENT_RECORD_FIELDS] as const;
const EMPTY = { firstName: '', lastName: '', email: '' };

/** Staff and admin add a patient; the patient chooses their own password from the emailed link. */
export function NewPatientDialog({ onCreated }: { onCreated: (id: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(CreatePatientInputSchema, EMPTY);
  const create = useCreatePatient();
  const { errors, isSubmitting } = form.formState;
  // A refused optional field must be in view, not folded away.
  const recordFieldRefused = PATIENT_RECORD_FIELDS.some((name) => errors[name]);

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    if (!open) {
      form.reset(EMPTY);
      setError(null);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const created = await create.mutateAsync(values);
      onOpenChange(false);
      onCreated(created.id);
      toast.success(`${created.firstName} ${created.lastName} was added`, {
        description: `We emailed ${created.email} a link to set their password.`,
      });
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: 'Could not add the patient. Please try again.',
        }),
      );
    }
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlus aria-hidden="true" />
          New patient
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close new patient" className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New patient</DialogTitle>
          <DialogDescription>
            They get an email to set their password. Only the names and email are needed now.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="New patient" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              <Input autoComplete="off" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="off" {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <details className="flex flex-col gap-3" open={recordFieldRefused ? true : undefined}>
            <summary className="cursor-pointer font-medium text-sm">More details (optional)</summary>
            <div className="mt-3 flex flex-col gap-3">
              <RecordFields register={form.register} control={form.control} errors={errors} />
            </div>
          </details>
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Adding…' : 'Add patient'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
