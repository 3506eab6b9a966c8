import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { RegisterInputSchema } from '../../../shared/auth';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Switch } from '../../ui/switch';
import { PersonFields } from '../accounts';
import { register as registerAccount } from './api';
import { AuthLayout, linkClass } from './auth-layout';
import { registerErrorMessage, serverFieldMessage } from './error-messages';
import { useSession } from './session';

const RegisterFormSchema = RegisterInputSchema.omit({ role: true })
  .extend({
    confirmPassword: z.string().min(1, 'Confirm your password'),
    asSupporter: z.boolean(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export function RegisterPage() {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(RegisterFormSchema, {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    asSupporter: false,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, asSupporter, phone, ...values }) => {
    setError(null);
    try {
      const { token } = await registerAccount({
        ...values,
        ...(phone ? { phone } : {}),
        role: asSupporter ? 'member' : 'patient',
      });
      await signIn(token);
    } catch (caught) {
      const passwordProblem = serverFieldMessage(caught, 'password');
      if (passwordProblem) form.setError('password', { message: passwordProblem });
      setError(registerErrorMessage(caught));
    }
  });

  return (
    <AuthLayout
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PersonFields register={form.register} errors={errors} />
        <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <div className="flex items-start gap-3 rounded-md border border-border p-3">
          <Controller
            control={form.control}
            name="asSupporter"
            render={({ field }) => (
              <Switch
                id="as-supporter"
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby="as-supporter-hint"
              />
            )}
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor="as-supporter">Join as a supporter (member)</Label>
            <p id="as-supporter-hint" className="text-muted-foreground text-xs">
              Supporters attend events, buy merchandise and donate. Leave off to register as a patient.
            </p>
          </div>
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
