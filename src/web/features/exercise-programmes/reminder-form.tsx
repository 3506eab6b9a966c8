import { useState } from 'react';
import { toast } from 'sonner';
import { type Reminder, ReminderSchema } from '../../../shared/exercise-programmes';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useSaveReminder } from './api';

/** The patient's daily reminder: on or off, at what time (clinic time), and whether by email too. */
export function ReminderForm({ reminder }: { reminder: Reminder }) {
  const save = useSaveReminder();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(ReminderSchema, reminder);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync(values);
      toast.success(values.enabled ? `We will remind you at ${values.timeOfDay}` : 'Reminders are off');
    } catch (caught) {
      setError(refusalOf(caught, 'Your reminder could not be saved.').message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Daily reminder" className="flex flex-col gap-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('enabled')} />
        Remind me every day
      </label>
      <FormField label="Time" error={form.formState.errors.timeOfDay?.message}>
        <Input type="time" className="w-36" {...form.register('timeOfDay')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('email')} />
        Also send me an email
      </label>
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save reminder
        </Button>
      </div>
    </form>
  );
}
