import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '../../../shared/auth';
import { UpdateProfileInputSchema } from '../../../shared/profile';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { PersonFields } from '../accounts/person-fields';
import { useSession, useUser } from '../auth/session';
import { useUpdateProfile } from './api';
import { PhotoField } from './photo-field';

const ProfileFormSchema = z.object({
  firstName: UpdateProfileInputSchema.shape.firstName.unwrap(),
  lastName: UpdateProfileInputSchema.shape.lastName.unwrap(),
  email: EmailSchema,
  phone: PhoneSchema,
});
type ProfileFormValues = z.output<typeof ProfileFormSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

export function ProfileTab() {
  const user = useUser();
  const { profile } = useSession();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ProfileFormSchema>, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    values: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: profile?.phone ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ phone, ...values }) => {
    setError(null);
    try {
      await update.mutateAsync({ ...values, phone: phone || null });
      toast.success('Profile saved');
    } catch (caught) {
      const fields = isApiRequestError(caught) ? caught.fields : undefined;
      for (const name of FIELDS) {
        if (fields?.[name]) form.setError(name, { message: fields[name] });
      }
      setError(isApiRequestError(caught) ? caught.message : 'Could not save your profile. Please try again.');
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
