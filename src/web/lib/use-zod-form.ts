import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one way a form is written: react-hook-form validated by a shared zod schema. The fields are the schema's
 * input and submit gets its output. Messages first appear when the form is sent, focus moves to the first field
 * in error, and from then on each message clears as its field is corrected.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
}
