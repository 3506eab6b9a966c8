import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PasswordSchema } from '../../../shared/auth';
import { RESET_PASSWORD_MESSAGES } from '../../../shared/messages';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { resetPassword } from './api';
import { AuthLayout, linkClass } from './auth-layout';
import { resetPasswordErrorMessage, serverFieldMessage } from './error-messages';

const ResetFormSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string().min(1, 'Confirm your new password') })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : RESET_PASSWORD_MESSAGES.invalidToken);
  const [isDone, setDone] = useState(false);
  const form = useZodForm(ResetFormSchema, { newPassword: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await resetPassword({ token, newPassword });
      setDone(true);
    } catch (caught) {
      const passwordProblem = serverFieldMessage(caught, 'newPassword');
      if (passwordProblem) form.setError('newPassword', { message: passwordProblem });
      setError(resetPasswordErrorMessage(caught));
    }
  });

  if (isDone) {
    return (
      <AuthLayout>
        <Alert variant="success">
          Your password has been reset. You can now sign in with your new password.
        </Alert>
        <Button asChild>
          <Link to="/login">Sign in</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      footer={
        <Link to="/forgot-password" className={linkClass}>
          Request a new reset link
        </Link>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" disabled={isSubmitting || !token}>
          {isSubmitting ? 'Saving…' : 'Reset password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
