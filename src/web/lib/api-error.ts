import { NETWORK_ERROR_MESSAGE } from '../../shared/messages';

/** A failed call: status 0 when the server could not be reached, else the HTTP status with the server's message. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly fields?: Record<string, string>;
  /** False when the server sent no message of its own and this one was made up here. */
  readonly isServerMessage: boolean;

  constructor(options: {
    status: number;
    message: string;
    code?: string;
    fields?: Record<string, string>;
    isServerMessage?: boolean;
  }) {
    super(options.message);
    this.isServerMessage = options.isServerMessage ?? true;
    this.name = 'ApiRequestError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
  }
}

export function networkError(): ApiRequestError {
  return new ApiRequestError({ status: 0, message: NETWORK_ERROR_MESSAGE, isServerMessage: false });
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** Reads the one error shape `{ message, code?, fields? }`; anything else still yields a readable message. */
export async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  // The schema (and zod with it) loads with the first failed call, not with the app's first download.
  const { ApiErrorSchema } = await import('../../shared/api-error');
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiRequestError({ status: response.status, ...parsed.data });
  return new ApiRequestError({
    status: response.status,
    message: response.statusText || `Request failed with status ${response.status}`,
    isServerMessage: false,
  });
}
