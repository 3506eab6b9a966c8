import { z } from 'zod';

/** The one error shape every failing call answers with. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** For calls that take no body: nothing, or an empty object, and nothing else. */
export const EmptyBodySchema = z.union([z.undefined(), z.null(), z.strictObject({})]).optional();

export const NOTHING_TO_CHANGE = 'Send at least one field to change';
export const hasAnyField = (value: object) => Object.keys(value).length > 0;
