import { CircleCheck } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  INTAKE_STEPS,
  type IntakeStep,
  type OnboardingState,
  type OnboardingStep,
} from '../../../shared/onboarding';
import { ROLE_LABELS } from '../../../shared/vocabulary/roles';
import { PublicLayout } from '../../app/shell/public-layout';
import { Alert } from '../../ui/alert';
import { Button, buttonVariants } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { LoadingState } from '../../ui/spinner';
import { useSession } from '../auth';
import { AccountStep } from './account-step';
import { useCompleteOnboarding, useOnboarding } from './api';
import { ConsentsStep } from './consents-step';
import { ContactStep, InsuranceStep, PersonalStep, type StepProps } from './detail-steps';
import { AllergiesStep, GoalsStep, MedicalHistoryStep, MedicationsStep } from './health-steps';
import { Stepper } from './stepper';

const STEP_FORMS: Record<IntakeStep, ComponentType<StepProps>> = {
  personal: PersonalStep,
  contact: ContactStep,
  insurance: InsuranceStep,
  'medical-history': MedicalHistoryStep,
  medications: MedicationsStep,
  allergies: AllergiesStep,
  goals: GoalsStep,
  consents: ConsentsStep,
};

function Layout({
  current,
  done,
  children,
}: {
  current: OnboardingStep;
  done: Set<OnboardingStep>;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
      <Stepper current={current} done={done} />
      <Card>
        <CardContent className="p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function DoneScreen({ onReview }: { onReview: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 p-6">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h2 ref={heading} tabIndex={-1} className="font-semibold text-xl outline-none">
          Onboarding complete
        </h2>
        <p>
          Thank you. The clinic has your details, and your care team can prepare for your first session. You
          can come back here at any time to update them.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/" className={buttonVariants()}>
            Go to your dashboard
          </Link>
          <Button variant="outline" onClick={onReview}>
            Review your details
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** A signed-in patient: resumes at the first unfinished step, saves each step, and finishes on the consents. */
function PatientOnboarding() {
  const onboarding = useOnboarding();
  const complete = useCompleteOnboarding();
  const [current, setCurrent] = useState<IntakeStep | 'done' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = onboarding.data;

  useEffect(() => {
    if (state && current === null)
      setCurrent(state.complete ? 'done' : ((state.nextStep ?? 'consents') as IntakeStep));
  }, [state, current]);

  if (onboarding.isError)
    return (
      <Alert variant="error">
        Your onboarding could not be loaded.{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void onboarding.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!state || current === null) return <LoadingState label="Loading your onboarding…" />;
  if (current === 'done') return <DoneScreen onReview={() => setCurrent('personal')} />;

  const index = INTAKE_STEPS.indexOf(current);
  const next = async () => {
    setError(null);
    if (current !== 'consents') return setCurrent(INTAKE_STEPS[index + 1]);
    try {
      await complete.mutateAsync();
      setCurrent('done');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Onboarding could not be completed.');
    }
  };
  const Form = STEP_FORMS[current];
  return (
    <Layout current={current} done={doneSteps(state)}>
      {error ? (
        <Alert variant="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <Form
        key={current}
        state={state}
        onSaved={next}
        onBack={index > 0 ? () => setCurrent(INTAKE_STEPS[index - 1]) : undefined}
      />
    </Layout>
  );
}

const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

const doneSteps = (state: OnboardingState) =>
  new Set(state.steps.filter((step) => step.done).map((step) => step.step));

/**
 * /patient-onboarding, a public route: a visitor starts with the account step; a signed-in patient resumes;
 * anyone signed in with another role is told what the page is for.
 */
export function OnboardingPage() {
  const { status, user } = useSession();
  let content: ReactNode;
  if (status === 'loading') content = <LoadingState />;
  else if (!user)
    content = (
      <Layout current="account" done={new Set()}>
        <AccountStep />
      </Layout>
    );
  else if (user.role !== 'patient')
    content = (
      <Card>
        <CardContent className="flex flex-col items-start gap-4 p-6">
          <h2 className="font-semibold text-xl">Onboarding is for patients</h2>
          <p>
            This is the intake a new patient fills in before their first session. You are signed in with{' '}
            {withArticle(ROLE_LABELS[user.role].toLowerCase())} account, so there is nothing to fill in here.
            Patients find it under Complete Onboarding once they sign in; new patients can start it from this
            address without an account.
          </p>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to your dashboard
          </Link>
        </CardContent>
      </Card>
    );
  else content = <PatientOnboarding />;
  return <PublicLayout>{content}</PublicLayout>;
}
