import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { type Passkey, RemovePasskeyInputSchema, RenamePasskeyInputSchema } from '../../../shared/passkeys';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { passkeyKeys, removePasskey, renamePasskey } from './api';

type DialogProps = { passkey: Passkey | null; onClose: () => void };

/** Names a passkey: opened right after one is added, and by its Rename button. */
export function RenamePasskeyDialog({ passkey, onClose }: DialogProps) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(RenamePasskeyInputSchema, { name: '' });
  const { reset } = form;
  useEffect(() => {
    if (passkey) reset({ name: passkey.name });
    setError(null);
  }, [passkey, reset]);
  const rename = useMutation({
    mutationFn: (name: string) => renamePasskey(passkey?.id ?? '', { name }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      toast.success('Passkey renamed');
      onClose();
    },
    onError: (caught) =>
      setError(
        applyServerErrors(caught, {
          fields: ['name'],
          setError: form.setError,
          fallback: 'Could not rename the passkey. Please try again.',
        }),
      ),
  });
  return (
    <FormDialog
      open={passkey !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Name this passkey"
      description="A name you will recognise, such as the device or the security key it lives on."
      closeLabel="Close"
      error={error}
      onSubmit={form.handleSubmit(({ name }) => rename.mutate(name))}
      submitText={rename.isPending ? 'Saving…' : 'Save name'}
      pending={rename.isPending}
    >
      <FormField label="Passkey name" error={form.formState.errors.name?.message}>
        <Input autoComplete="off" maxLength={60} {...form.register('name')} />
      </FormField>
    </FormDialog>
  );
}

/** Removing asks for the password, so a browser left signed in cannot take a passkey away unseen. */
export function RemovePasskeyDialog({ passkey, onClose }: DialogProps) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(RemovePasskeyInputSchema, { currentPassword: '' });
  const { reset } = form;
  useEffect(() => {
    if (passkey) reset({ currentPassword: '' });
    setError(null);
  }, [passkey, reset]);
  const remove = useMutation({
    mutationFn: (currentPassword: string) => removePasskey(passkey?.id ?? '', { currentPassword }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      toast.success('Passkey removed');
      onClose();
    },
    onError: (caught) =>
      setError(
        applyServerErrors(caught, {
          fields: ['currentPassword'],
          setError: form.setError,
          fallback: 'Could not remove the passkey. Please try again.',
        }),
      ),
  });
  return (
    <FormDialog
      open={passkey !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove passkey"
      description={`“${passkey?.name ?? ''}” will no longer sign in to your account. Enter your password to confirm.`}
      closeLabel="Close"
      error={error}
      onSubmit={form.handleSubmit(({ currentPassword }) => remove.mutate(currentPassword))}
      submitText={remove.isPending ? 'Removing…' : 'Remove passkey'}
      destructive
      pending={remove.isPending}
    >
      <FormField label="Current password" error={form.formState.errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
    </FormDialog>
  );
}
