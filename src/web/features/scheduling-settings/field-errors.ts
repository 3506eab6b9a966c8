import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from '../../lib/api-error';

/**
 * Puts a 400's field messages on the form's fields of the same name; answers the message for what no field
 * shows (the server's summary, or a fallback when the server could not be reached).
 */
export function applyServerErrors<Values extends FieldValues>(
  caught: unknown,
  names: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
  fallback: string,
): string {
  if (!isApiRequestError(caught)) return fallback;
  let shown = false;
  for (const name of names) {
    const message = caught.fields?.[name];
    if (message) {
      setError(name, { message });
      shown = true;
    }
  }
  return shown ? 'Please correct the fields marked below.' : caught.message;
}
