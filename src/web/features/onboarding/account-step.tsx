import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { AccountStepSchema } from '../../../shared/onboarding';
import { isApiRequestError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { registerErrorMessage, useSession } from '../auth';
import { createOnboardingAccount } from './api';
import { StepFrame, serverErrorsOf } from './step-frame';

const AccountFormSchema = AccountStepSchema.extend({
  confirmPassword: z.string().min(1, 'Confirm your password'),
}).refine((values) => values.password === values.confirmPassword, {
  path: ['confirmPassword'],
  message: 'Passwords do not match',
});

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

/** A visitor's first step: the patient account, after which they are signed in and the intake goes on. */
export function AccountStep() {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(AccountFormSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setError(null);
    try {
      const { token } = await createOnboardingAccount(values);
      await signIn(token);
    } catch (caught) {
      const message = serverErrorsOf(caught, FIELDS, form.setError);
      setError(isApiRequestError(caught) && caught.fields ? message : registerErrorMessage(caught));
    }
  });
  return (
    <StepFrame
      step="account"
      description={
        <>
          Your answers are saved as you go, so you can stop and come back later. Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          and open Complete Onboarding.
        </>
      }
      error={error}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel="Create account and continue"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
    </StepFrame>
  );
}
