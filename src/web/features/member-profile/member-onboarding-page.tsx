import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  MEMBER_ONBOARDING_STEP_LABELS,
  MEMBER_ONBOARDING_STEPS,
  MEMBER_PROFILE_ERRORS,
  type MemberInterest,
  type MemberOnboardingStep,
  type MemberProfile,
  type SupportWay,
} from '../../../shared/member-profile';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { type FieldErrors, refusalOf } from '../../ui/form-dialog';
import { LoadingState } from '../../ui/spinner';
import { useFinishOnboarding, useMemberProfile, useSaveStep } from './api';
import { type ContactDraft, ContactFields, InterestsField, SupportField } from './fields';

type Screen = MemberOnboardingStep | 'done';
const SCREENS: Screen[] = [...MEMBER_ONBOARDING_STEPS, 'done'];
const TITLES: Record<Screen, string> = { ...MEMBER_ONBOARDING_STEP_LABELS, done: 'All set' };

function Steps({ screen, profile }: { screen: Screen; profile: MemberProfile }) {
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label="Onboarding steps">
      {MEMBER_ONBOARDING_STEPS.map((step, index) => {
        const saved = profile.stepsDone.includes(step);
        return (
          <li
            key={step}
            aria-current={step === screen ? 'step' : undefined}
            className={
              step === screen
                ? 'rounded-md border border-primary bg-primary px-3 py-1 text-primary-foreground'
                : 'rounded-md border border-border px-3 py-1'
            }
          >
            {index + 1}. {MEMBER_ONBOARDING_STEP_LABELS[step]}
            {saved ? <span className="sr-only"> (saved)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

function OnboardingForm({ profile }: { profile: MemberProfile }) {
  const navigate = useNavigate();
  const save = useSaveStep();
  const finish = useFinishOnboarding();
  // Resume at the first step not saved yet; all saved opens on the last screen.
  const [screen, setScreen] = useState<Screen>(profile.nextStep ?? 'done');
  const [interests, setInterests] = useState<MemberInterest[]>(profile.interests);
  const [supportWays, setSupportWays] = useState<SupportWay[]>(profile.supportWays);
  const [contact, setContact] = useState<ContactDraft>({
    newsletter: profile.newsletter,
    eventAnnouncements: profile.eventAnnouncements,
    phone: profile.phone,
    city: profile.city,
    country: profile.country,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const index = SCREENS.indexOf(screen);

  // Moving to another step puts focus on its heading (the same element throughout), so a screen reader starts
  // reading the new step there.
  const go = (next: Screen) => {
    setErrors({});
    setError(null);
    setScreen(next);
    heading.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (screen === 'done') return;
    const problems: FieldErrors =
      screen === 'interests' && interests.length === 0
        ? { interests: MEMBER_PROFILE_ERRORS.interests }
        : screen === 'support' && supportWays.length === 0
          ? { supportWays: MEMBER_PROFILE_ERRORS.supportWays }
          : {};
    setErrors(problems);
    setError(null);
    if (Object.values(problems).some(Boolean)) return;
    const input =
      screen === 'interests' ? { interests } : screen === 'support' ? { supportWays } : { ...contact };
    try {
      await save.mutateAsync({ step: screen, input });
      go(SCREENS[index + 1]);
    } catch (caught) {
      const refusal = refusalOf(caught, 'That step could not be saved. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  const done = async () => {
    try {
      await finish.mutateAsync(undefined);
      toast.success('Thank you. Your onboarding is complete.');
      navigate('/member');
    } catch (caught) {
      setError(refusalOf(caught, 'Onboarding could not be finished. Please try again.').message);
    }
  };

  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {screen === 'done'
            ? 'Every step is saved'
            : `Step ${index + 1} of ${MEMBER_ONBOARDING_STEPS.length}`}
        </p>
        <CardTitle ref={heading} tabIndex={-1} className="outline-none">
          {TITLES[screen]}
        </CardTitle>
        <CardDescription>
          Each step is saved as you go: leave at any time and pick up here where you stopped.
        </CardDescription>
        <Steps screen={screen} profile={profile} />
      </CardHeader>
      <CardContent>
        {screen === 'done' ? (
          <div className="flex flex-col gap-4">
            {error ? <Alert variant="error">{error}</Alert> : null}
            <p>Thank you for telling us about yourself. You can change any of it later on your profile.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => go('contact')}>
                Back
              </Button>
              <Button onClick={() => void done()} disabled={finish.isPending}>
                Finish onboarding
              </Button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={submit} aria-label={TITLES[screen]} className="flex flex-col gap-4">
            {error ? <Alert variant="error">{error}</Alert> : null}
            {screen === 'interests' ? (
              <InterestsField chosen={interests} onChange={setInterests} error={errors.interests} />
            ) : null}
            {screen === 'support' ? (
              <SupportField chosen={supportWays} onChange={setSupportWays} error={errors.supportWays} />
            ) : null}
            {screen === 'contact' ? (
              <ContactFields
                draft={contact}
                onChange={(changes) => setContact((current) => ({ ...current, ...changes }))}
                errors={errors}
              />
            ) : null}
            <div className="flex flex-wrap gap-2">
              {index > 0 ? (
                <Button type="button" variant="outline" onClick={() => go(SCREENS[index - 1])}>
                  Back
                </Button>
              ) : null}
              <Button type="submit" disabled={save.isPending}>
                Save and continue
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /member/onboarding: interests, how the member supports the clinic and how to stay in touch, a step at a
 * time, each saved on the server as it is left; a return visit resumes at the first step not saved.
 */
export function MemberOnboardingPage() {
  const profile = useMemberProfile();
  if (profile.isError)
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{profile.error.message || 'Your profile could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!profile.data) return <LoadingState label="Loading your profile…" />;
  if (profile.data.profile.completedAt)
    return (
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle>Onboarding complete</CardTitle>
          <CardDescription>
            You can change your interests and how you support us on your profile.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/member/profile">Go to your profile</Link>
          </Button>
        </CardContent>
      </Card>
    );
  return <OnboardingForm profile={profile.data.profile} />;
}
