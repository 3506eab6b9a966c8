import { SESSION_ENDING_MESSAGES } from '../../shared/messages';
import { type ApiRequestError, errorFromResponse, networkError } from './api-error';
import { rememberReturnPath } from './storage';
import { tokenStore } from './token-store';

/** Calls whose 401 is a wrong credential or link, not an ended session (specification section 5). */
const SESSION_EXEMPT_PATHS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
];

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Set on calls made while signing out, where an ended session is expected. */
  ignoreSessionEnd?: boolean;
};

function redirectToLogin(): void {
  rememberReturnPath();
  window.location.assign('/login');
}

let sessionEndedHandler: () => void = redirectToLogin;

/** The app replaces the full-page redirect with a router navigation once it is mounted. */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  sessionEndedHandler = handler ?? redirectToLogin;
}

function endsSession(path: string, error: ApiRequestError): boolean {
  if (error.status !== 401 || !SESSION_ENDING_MESSAGES.includes(error.message)) return false;
  const pathname = path.split('?')[0];
  return !SESSION_EXEMPT_PATHS.includes(pathname);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (!options.ignoreSessionEnd && endsSession(path, error)) {
      tokenStore.clear();
      sessionEndedHandler();
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
