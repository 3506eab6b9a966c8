import { useState } from 'react';
import { Link } from 'react-router';
import { LoginInputSchema } from '../../../shared/auth';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { login } from './api';
import { AuthLayout, linkClass } from './auth-layout';
import { loginErrorMessage } from './error-messages';
import { useSession } from './session';

export function LoginPage() {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(LoginInputSchema, { email: '', password: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { token } = await login(values);
      await signIn(token);
    } catch (caught) {
      setError(loginErrorMessage(caught));
    }
  });

  return (
    <AuthLayout
      footer={
        <>
          New to the clinic?{' '}
          <Link to="/register" className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`${linkClass} text-sm`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
