import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ONBOARDING_STEP_TITLES, type OnboardingStep } from '../../../shared/onboarding';
import { applyServerErrors } from '../../lib/form-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/**
 * One step of the intake: its heading (focused when the step opens, so a screen reader hears where it is),
 * the form's own error, the fields, then Back and Save and continue.
 */
export function StepFrame({
  step,
  description,
  error,
  onSubmit,
  onBack,
  busy,
  submitLabel = 'Save and continue',
  children,
}: {
  step: OnboardingStep;
  description?: ReactNode;
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack?: () => void;
  busy: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `onboarding-${step}-heading`;
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-xl outline-none">
          {ONBOARDING_STEP_TITLES[step]}
        </h2>
        {description ? <div className="text-muted-foreground text-sm">{description}</div> : null}
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {children}
        <div className="flex flex-wrap justify-between gap-3 pt-2">
          {onBack ? (
            <Button variant="outline" onClick={onBack} disabled={busy}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Puts a refused save's field messages on the fields and returns the form's message. */
export function serverErrorsOf<T extends FieldValues>(
  caught: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
) {
  return applyServerErrors(caught, {
    fields: fields,
    setError: setError,
    fallback: 'The step could not be saved. Please try again.',
  });
}

export const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm aria-invalid:border-destructive';
export const textareaClass =
  'flex min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm placeholder:text-muted-foreground aria-invalid:border-destructive';
