import { Check } from 'lucide-react';
import { ONBOARDING_STEP_TITLES, ONBOARDING_STEPS, type OnboardingStep } from '../../../shared/onboarding';
import { cn } from '../../lib/cn';

/** "Step n of N" and the list of steps, the current one marked for assistive technology. */
export function Stepper({ current, done }: { current: OnboardingStep; done: ReadonlySet<OnboardingStep> }) {
  const index = ONBOARDING_STEPS.indexOf(current);
  return (
    <nav aria-label="Onboarding steps" className="flex flex-col gap-3">
      <p className="font-medium text-muted-foreground text-sm">
        Step {index + 1} of {ONBOARDING_STEPS.length}
      </p>
      <ol className="flex flex-col gap-1">
        {ONBOARDING_STEPS.map((step, position) => {
          const isCurrent = step === current;
          const isDone = done.has(step) && !isCurrent;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                isCurrent ? 'bg-accent font-semibold text-accent-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  isDone ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
                )}
              >
                {isDone ? <Check className="size-3.5" /> : position + 1}
              </span>
              <span>
                {ONBOARDING_STEP_TITLES[step]}
                {isDone ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
