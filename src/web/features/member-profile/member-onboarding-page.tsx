import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  MEMBER_ONBOARDING_STEP_LABELS,
  MEMBER_ONBOARDING_STEPS,
  type MemberOnboardingStep,
  type MemberProfile,
} from '../../../shared/member-profile';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { refusalOf } from '../../ui/form-dialog';
import { LoadingState } from '../../ui/spinner';
import { useFinishOnboarding, useMemberProfile, useSaveStep } from './api';
import { ContactFields, InterestsField, SupportField } from './fields';
import { ONBOARDING_STEP_FORMS, PROFILE_FIELDS, type ProfileValues, profileValuesOf } from './profile-form';

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
  // One form for every step, so going back shows what was chosen; each step checks only its own fields.
  const form = useZodForm(
    ONBOARDING_STEP_FORMS[screen === 'done' ? 'contact' : screen],
    profileValuesOf(profile),
  );
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const index = SCREENS.indexOf(screen);

  // Moving to another step puts focus on its heading (the same element throughout), so a screen reader starts
  // reading the new step there.
  const go = (next: Screen) => {
    form.clearErrors();
    setError(null);
    setScreen(next);
    heading.current?.focus();
  };

  const stepInput = (step: MemberOnboardingStep, { interests, supportWays, ...contact }: ProfileValues) =>
    step === 'interests' ? { interests } : step === 'support' ? { supportWays } : contact;

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      if (screen === 'done') return;
      try {
        await save.mutateAsync({ step: screen, input: stepInput(screen, values) });
        go(SCREENS[index + 1]);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: PROFILE_FIELDS,
            setError: form.setError,
            fallback: 'That step could not be saved. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

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
              <Controller
                control={form.control}
                name="interests"
                render={({ field }) => (
                  <InterestsField
                    chosen={field.value}
                    onChange={field.onChange}
                    error={errors.interests?.message}
                  />
                )}
              />
            ) : null}
            {screen === 'support' ? (
              <Controller
                control={form.control}
                name="supportWays"
                render={({ field }) => (
                  <SupportField
                    chosen={field.value}
                    onChange={field.onChange}
                    error={errors.supportWays?.message}
                  />
                )}
              />
            ) : null}
            {screen === 'contact' ? <ContactFields register={form.register} errors={errors} /> : null}
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
