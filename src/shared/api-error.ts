import { z } from 'zod';

/** The one error shape every failing call answers with. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Messages the server sends for session failures; the browser keys on them (specification section 5). */
export const SESSION_ERRORS = {
  missing: 'Access token required',
  invalid: 'Invalid token',
  expired: 'Token expired',
} as const;

export const SESSION_ENDING_MESSAGES: readonly string[] = Object.values(SESSION_ERRORS);

/** For calls that take no body: nothing, or an empty object, and nothing else. */
export const EmptyBodySchema = z.union([z.undefined(), z.null(), z.strictObject({})]).optional();

export const NOTHING_TO_CHANGE = 'Send at least one field to change';
export const hasAnyField = (value: object) => Object.keys(value).length > 0;
