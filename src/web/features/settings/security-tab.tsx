import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ChangePasswordInputSchema } from '../../../shared/auth';
import { isApiRequestError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { changePassword, logoutAllSessions, useSession, useUser } from '../auth';
import { DevicesCard, IdleSignOutCard } from '../devices';
import { PasskeysCard } from '../passkeys';
import { TwoStepCard } from '../two-step';

const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirmPassword: z.string().min(1, 'Confirm your new password'),
}).refine((values) => values.newPassword === values.confirmPassword, {
  path: ['confirmPassword'],
  message: 'Passwords do not match',
});

function ChangePasswordCard() {
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(ChangePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      toast.success('Password changed. Your other sessions were signed out.');
    } catch (caught) {
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not change your password. Please try again.',
      );
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Changing it signs out every other session; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Changing…' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const { logout } = useSession();
  const [isPending, setPending] = useState(false);

  const signOutEverywhere = async () => {
    setPending(true);
    try {
      await logoutAllSessions();
      await logout({ serverCall: false });
    } catch {
      setPending(false);
      toast.error('Could not sign out your sessions. Please try again.');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Sign out on every device and browser, including this one.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled={isPending} onClick={signOutEverywhere}>
          <LogOut aria-hidden="true" />
          Sign out of all sessions
        </Button>
      </CardContent>
    </Card>
  );
}

export function SecurityTab() {
  const user = useUser();
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordCard />
      <TwoStepCard />
      <PasskeysCard />
      <DevicesCard />
      <SignOutEverywhereCard />
      {user.role === 'admin' ? <IdleSignOutCard /> : null}
    </div>
  );
}
