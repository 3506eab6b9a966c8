import { useState } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordInputSchema } from '../../../shared/auth';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { requestPasswordReset } from './api';
import { AuthLayout, linkClass } from './auth-layout';
import { forgotPasswordErrorMessage } from './error-messages';

export function ForgotPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(ForgotPasswordInputSchema, { email: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await requestPasswordReset(values);
      setSentTo(values.email);
    } catch (caught) {
      setError(forgotPasswordErrorMessage(caught));
    }
  });

  return (
    <AuthLayout
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {sentTo ? (
        <Alert variant="success">
          We have sent a password reset link to {sentTo}. Check your inbox; the link works for one hour.
        </Alert>
      ) : (
        <>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <FormField label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
