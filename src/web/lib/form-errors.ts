import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from './api-error';

type ServerErrorsOptions<T extends FieldValues> = {
  /** The form's fields a 400 may name; a message for any other name stays in the summary. */
  fields: readonly string[];
  setError: UseFormSetError<T>;
  /** What the form says when the server could not be reached or said nothing. */
  fallback: string;
  /** What the form says instead of the server's message once a field shows its own. */
  whenFieldsShown?: string;
};

/**
 * Puts a refused save's field messages (400 `fields`) on the fields they name and returns the message for
 * the whole form: the server's own, or a fallback when it could not be reached.
 */
export function applyServerErrors<T extends FieldValues>(
  caught: unknown,
  { fields, setError, fallback, whenFieldsShown }: ServerErrorsOptions<T>,
): string {
  if (!isApiRequestError(caught)) return fallback;
  let shown = false;
  for (const [name, message] of Object.entries(caught.fields ?? {})) {
    if (!fields.includes(name)) continue;
    setError(name as Path<T>, { message });
    shown = true;
  }
  if (shown && whenFieldsShown) return whenFieldsShown;
  return caught.message || fallback;
}
