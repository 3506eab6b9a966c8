import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './form-errors';
import { useZodForm } from './use-zod-form';

type DialogFormOptions<Schema extends z.ZodType<FieldValues, FieldValues>> = {
  onOpenChange: (open: boolean) => void;
  /** The fields a refusal may name; its messages land on them. */
  fields: readonly string[];
  /** What the dialog says when the server could not be reached or said nothing. */
  fallback: string;
  /** Does the work; the dialog closes when it resolves and shows the refusal when it throws. */
  onValid: (values: z.output<Schema>) => Promise<unknown>;
};

/**
 * A form in a dialog: closing it forgets what was typed and any refusal, a sent form closes once the work is
 * done, and a refusal's field messages land on their fields with the rest above the form.
 */
export function useDialogForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  options: DialogFormOptions<Schema>,
) {
  const form = useZodForm(schema, defaultValues);
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    options.onOpenChange(next);
    if (!next) {
      form.reset();
      setError(null);
    }
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await options.onValid(values);
      close(false);
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: options.fields,
          setError: form.setError,
          fallback: options.fallback,
        }),
      );
    }
  });
  return { form, error, close, submit };
}
