import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MEMBER_ABOUT_MAX, type MemberProfile } from '../../../shared/member-profile';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { useMemberProfile, useSaveProfile } from './api';
import { ContactFields, InterestsField, SupportField } from './fields';
import { PROFILE_FIELDS, ProfileFormSchema, profileValuesOf } from './profile-form';

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const save = useSaveProfile();
  const form = useZodForm(ProfileFormSchema, { ...profileValuesOf(profile), about: profile.about });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await save.mutateAsync(input);
        toast.success('Your profile is saved.');
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: PROFILE_FIELDS,
            setError: form.setError,
            fallback: 'Your profile could not be saved. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Your supporter profile" className="flex flex-col gap-5">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Controller
        control={form.control}
        name="interests"
        render={({ field }) => (
          <InterestsField chosen={field.value} onChange={field.onChange} error={errors.interests?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="supportWays"
        render={({ field }) => (
          <SupportField chosen={field.value} onChange={field.onChange} error={errors.supportWays?.message} />
        )}
      />
      <ContactFields register={form.register} errors={errors} />
      <FormField
        label="About you (optional)"
        error={errors.about?.message}
        hint="What brings you to the clinic's community"
      >
        <Textarea maxLength={MEMBER_ABOUT_MAX} {...form.register('about')} />
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

/**
 * /member/profile: the member's supporter profile (interests, how they support, emails, where they are, a
 * little about them), saved whole; name, email and password stay with the account's own settings.
 */
export function MemberProfilePage() {
  const user = useUser();
  const profile = useMemberProfile();

  let body: React.ReactNode;
  if (profile.isError)
    body = (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{profile.error.message || 'Your profile could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (!profile.data) body = <LoadingState label="Loading your profile…" />;
  // Keyed by the last save, so a change made in another tab shows here once it arrives.
  else body = <ProfileForm key={profile.data.profile.updatedAt ?? 'new'} profile={profile.data.profile} />;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            {user.firstName} {user.lastName}
          </CardTitle>
          <CardDescription>{user.email}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm">
          <p>
            Your name, email and password are kept with your account.{' '}
            <Link to="/member/settings?tab=profile" className="underline">
              Change your account details
            </Link>
          </p>
          {profile.data && !profile.data.profile.completedAt ? (
            <p>
              <Link to="/member/onboarding" className="underline">
                Finish your onboarding
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your supporter profile</CardTitle>
          <CardDescription>What you care about and how you like to hear from us.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
