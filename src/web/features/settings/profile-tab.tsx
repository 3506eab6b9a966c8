import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '../../../shared/auth';
import { CURRENT_PASSWORD_NEEDED, UpdateProfileInputSchema } from '../../../shared/profile';
import { applyServerErrors } from '../../lib/form-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PersonFields } from '../accounts';
import { useSession, useUser } from '../auth';
import { useUpdateProfile } from './api';
import { PhotoField } from './photo-field';

const ProfileFormSchema = z.object({
  firstName: UpdateProfileInputSchema.shape.firstName.unwrap(),
  lastName: UpdateProfileInputSchema.shape.lastName.unwrap(),
  email: EmailSchema,
  phone: PhoneSchema,
  currentPassword: z.string(),
});
type ProfileFormValues = z.output<typeof ProfileFormSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** A new email needs the current password, as the server asks for it; the same email needs nothing. */
const profileFormFor = (currentEmail: string) =>
  ProfileFormSchema.refine((values) => values.email === currentEmail || values.currentPassword !== '', {
    path: ['currentPassword'],
    message: CURRENT_PASSWORD_NEEDED,
  });

export function ProfileTab() {
  const user = useUser();
  const { profile } = useSession();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => profileFormFor(user.email), [user.email]);
  const form = useForm<z.input<typeof ProfileFormSchema>, unknown, ProfileFormValues>({
    resolver: zodResolver(schema),
    values: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: profile?.phone ?? '',
      currentPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const changesEmail = normalEmail(form.watch('email')) !== user.email;

  const onSubmit = form.handleSubmit(async ({ phone, currentPassword, ...values }) => {
    setError(null);
    const confirmation = values.email === user.email ? {} : { currentPassword };
    try {
      await update.mutateAsync({ ...values, phone: phone || null, ...confirmation });
      toast.success('Profile saved');
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: 'Could not save your profile. Please try again.',
        }),
      );
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name, contact details and photo as the clinic sees them.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <PhotoField />
        {error ? <Alert variant="error">{error}</Alert> : null}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PersonFields register={form.register} errors={errors} />
          {changesEmail ? (
            <FormField
              label="Current password"
              error={errors.currentPassword?.message}
              hint="Your sign-in moves to the new email, so confirm it is you."
            >
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            </FormField>
          ) : null}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
