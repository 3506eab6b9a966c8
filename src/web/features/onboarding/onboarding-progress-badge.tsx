import { Check } from 'lucide-react';
import { useOnboarding } from './api';

/** Beside 'Complete Onboarding' in the patient's sidebar: steps done until complete, then a tick. */
export function OnboardingProgressBadge() {
  const onboarding = useOnboarding();
  const progress = onboarding.data;
  if (!progress) return null;
  if (progress.complete)
    return (
      <span className="ml-auto inline-flex items-center">
        <Check aria-hidden="true" />
        <span className="sr-only"> (done)</span>
      </span>
    );
  return (
    <span className="ml-auto rounded-full bg-muted px-1.5 font-semibold text-foreground text-xs">
      {progress.completedSteps}/{progress.totalSteps}
      <span className="sr-only"> steps done</span>
    </span>
  );
}
