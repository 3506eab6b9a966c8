import {
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  REGISTER_MESSAGES,
  RESET_PASSWORD_MESSAGES,
} from '../../../shared/messages';
import { isApiRequestError } from '../../lib/api-error';

/** The error catalogue of specification section 8, keyed on status exactly as written there. */
function statusAndMessage(error: unknown): { status: number | null; message: string } {
  if (isApiRequestError(error))
    return { status: error.status, message: error.isServerMessage ? error.message : '' };
  return { status: null, message: '' };
}

export function loginErrorMessage(error: unknown): string {
  const { status, message } = statusAndMessage(error);
  if (status === 401 && message.toLowerCase().includes('deactivated')) return LOGIN_MESSAGES.deactivated;
  if (status === 401) return LOGIN_MESSAGES.invalidCredentials;
  if (status === 404) return LOGIN_MESSAGES.notFound;
  if (status === 0) return LOGIN_MESSAGES.network;
  return message || LOGIN_MESSAGES.fallback;
}

export function registerErrorMessage(error: unknown): string {
  const { status, message } = statusAndMessage(error);
  if (status === 400 && message.toLowerCase().includes('already exists'))
    return REGISTER_MESSAGES.alreadyExists;
  if (status === 400) return REGISTER_MESSAGES.invalid;
  return REGISTER_MESSAGES.fallback;
}

export function forgotPasswordErrorMessage(error: unknown): string {
  const { status, message } = statusAndMessage(error);
  if (status === 404) return FORGOT_PASSWORD_MESSAGES.notFound;
  if (status === 400 && message.toLowerCase().includes('inactive')) return FORGOT_PASSWORD_MESSAGES.inactive;
  return FORGOT_PASSWORD_MESSAGES.fallback;
}

/** A refused form's message for one field (a password too easy to guess), shown under it beside the catalogue text. */
export const serverFieldMessage = (error: unknown, field: string) =>
  isApiRequestError(error) ? error.fields?.[field] : undefined;

export function resetPasswordErrorMessage(error: unknown): string {
  const { status } = statusAndMessage(error);
  if (status === 400) return RESET_PASSWORD_MESSAGES.invalidToken;
  return RESET_PASSWORD_MESSAGES.fallback;
}
