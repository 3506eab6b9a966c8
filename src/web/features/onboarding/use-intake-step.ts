import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { IntakeStep } from '../../../shared/onboarding';
import { useZodForm } from '../../lib/use-zod-form';
import { useSaveStep } from './api';
import { serverErrorsOf } from './step-frame';

/**
 * A step's form, validated in the browser by the step's shared schema and saved on the server; the server's
 * field messages land on the same fields. `after` runs once the step is saved (the next step, or finishing).
 */
export function useIntakeStep<Schema extends z.ZodType<FieldValues, FieldValues>>({
  step,
  schema,
  defaults,
  after,
}: {
  step: IntakeStep;
  schema: Schema;
  defaults: DefaultValues<z.input<Schema>>;
  after: () => void | Promise<void>;
}) {
  const form = useZodForm(schema, defaults);
  const save = useSaveStep();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ step, values });
      await after();
    } catch (caught) {
      setError(serverErrorsOf(caught, Object.keys(defaults ?? {}), form.setError));
    }
  });
  return { form, onSubmit, error, busy: form.formState.isSubmitting };
}

/** Saved values come back null when empty; the form's inputs want text. */
export const text = (value: string | null | undefined) => value ?? '';
