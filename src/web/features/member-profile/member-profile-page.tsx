import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  MEMBER_ABOUT_MAX,
  MEMBER_PROFILE_ERRORS,
  type MemberInterest,
  type MemberProfile,
  type SupportWay,
} from '../../../shared/member-profile';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { type FieldErrors, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { useMemberProfile, useSaveProfile } from './api';
import { type ContactDraft, ContactFields, InterestsField, SupportField } from './fields';

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const id = useId();
  const save = useSaveProfile();
  const [interests, setInterests] = useState<MemberInterest[]>(profile.interests);
  const [supportWays, setSupportWays] = useState<SupportWay[]>(profile.supportWays);
  const [about, setAbout] = useState(profile.about);
  const [contact, setContact] = useState<ContactDraft>({
    newsletter: profile.newsletter,
    eventAnnouncements: profile.eventAnnouncements,
    phone: profile.phone,
    city: profile.city,
    country: profile.country,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldErrors = {
      interests: interests.length ? undefined : MEMBER_PROFILE_ERRORS.interests,
      supportWays: supportWays.length ? undefined : MEMBER_PROFILE_ERRORS.supportWays,
    };
    setErrors(problems);
    setError(null);
    if (Object.values(problems).some(Boolean)) return;
    try {
      await save.mutateAsync({ interests, supportWays, about, ...contact });
      toast.success('Your profile is saved.');
    } catch (caught) {
      const refusal = refusalOf(caught, 'Your profile could not be saved. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Your supporter profile" className="flex flex-col gap-5">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <InterestsField chosen={interests} onChange={setInterests} error={errors.interests} />
      <SupportField chosen={supportWays} onChange={setSupportWays} error={errors.supportWays} />
      <ContactFields
        draft={contact}
        onChange={(changes) => setContact((current) => ({ ...current, ...changes }))}
        errors={errors}
      />
      <FormField
        label="About you (optional)"
        error={errors.about}
        hint="What brings you to the clinic's community"
      >
        <Textarea
          id={`${id}-about`}
          value={about}
          maxLength={MEMBER_ABOUT_MAX}
          onChange={(event) => setAbout(event.target.value)}
        />
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
            <Link to="/settings?tab=profile" className="underline">
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
