import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

type ZodFormOptions = Pick<UseFormProps, 'reValidateMode' | 'shouldFocusError'>;

/**
 * A form whose messages change only when it is sent again and which leaves focus where it is, as the forms
 * that once checked their fields by hand on submit did: their users see what they saw before.
 */
export const CHECK_ON_SUBMIT_ONLY: ZodFormOptions = { reValidateMode: 'onSubmit', shouldFocusError: false };

/** A react-hook-form form validated by a shared zod schema: the fields are its input, submit gets its output. */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  options?: ZodFormOptions,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema),
    defaultValues,
  });
}
