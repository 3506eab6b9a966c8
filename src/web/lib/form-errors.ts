import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from './api-error';

/**
 * Puts a refused save's field messages (400 `fields`) on the fields they name and returns the message for
 * the whole form: the server's own, or a fallback when it could not be reached.
 */
export function applyServerErrors<T extends FieldValues>(
  caught: unknown,
  fieldNames: readonly string[],
  setError: UseFormSetError<T>,
  fallback: string,
): string {
  if (!isApiRequestError(caught)) return fallback;
  for (const [name, message] of Object.entries(caught.fields ?? {})) {
    if (fieldNames.includes(name)) setError(name as Path<T>, { message });
  }
  return caught.message || fallback;
}
