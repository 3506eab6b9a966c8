import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { type AdminUser, CreateUserInputSchema, UpdateUserInputSchema } from '../../../shared/admin';
import { ROLE_LABELS, type Role } from '../../../shared/vocabulary/roles';
import { applyServerErrors } from '../../lib/form-errors';
import { fullName } from '../../lib/format';
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
} from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useCreateUser, useUpdateUser } from './api';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
type PersonFields = { firstName: string; lastName: string; email: string; phone: string };
const EMPTY: PersonFields = { firstName: '', lastName: '', email: '', phone: '' };

function NameFields({ form }: { form: ReturnType<typeof useZodForm<typeof UpdateUserInputSchema>> }) {
  const { errors } = form.formState;
  return (
    <>
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
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="off" {...form.register('phone')} />
      </FormField>
    </>
  );
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** A new account of the page's role; the person chooses their password from the emailed link. */
export function NewPersonDialog({ role, open, onOpenChange }: DialogProps & { role: Role }) {
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(UpdateUserInputSchema, EMPTY);
  const create = useCreateUser();
  const label = ROLE_LABELS[role].toLowerCase();

  useEffect(() => {
    if (!open) {
      form.reset(EMPTY);
      setError(null);
    }
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const parsed = CreateUserInputSchema.safeParse({ ...values, role, phone: values.phone ?? '' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(issue.path[0] as (typeof FIELDS)[number], { message: issue.message });
      return;
    }
    try {
      const { user } = await create.mutateAsync(parsed.data);
      onOpenChange(false);
      toast.success(`${fullName(user)} was added`, {
        description: `We emailed ${user.email} a link to set their password.`,
      });
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: `Could not add the ${label}. Please try again.`,
        }),
      );
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={`Close new ${label}`}>
        <DialogHeader>
          <DialogTitle>New {label}</DialogTitle>
          <DialogDescription>They get an email with a link to set their password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={`New ${label}`} className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <NameFields form={form} />
          <DialogFooter>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Adding…' : `Add ${label}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Edits an account's names, email and phone. */
export function EditPersonDialog({ user, open, onOpenChange }: DialogProps & { user: AdminUser }) {
  const [error, setError] = useState<string | null>(null);
  const values = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
  };
  const form = useZodForm(UpdateUserInputSchema, values);
  const update = useUpdateUser();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts from the account each time it opens
  useEffect(() => {
    if (open) {
      form.reset(values);
      setError(null);
    }
  }, [open, user.id]);

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const { user: saved } = await update.mutateAsync({ id: user.id, input });
      onOpenChange(false);
      toast.success(`${fullName(saved)} was saved`);
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: 'Could not save the changes. Please try again.',
        }),
      );
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close edit account">
        <DialogHeader>
          <DialogTitle>Edit {fullName(user)}</DialogTitle>
          <DialogDescription>Names, email and phone of the account.</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={`Edit ${fullName(user)}`}
          className="flex flex-col gap-3"
        >
          {error ? <Alert variant="error">{error}</Alert> : null}
          <NameFields form={form} />
          <DialogFooter>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
