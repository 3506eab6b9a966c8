import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/api-error';

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
} as const;
export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error a service throws; the handler below turns it into `{ message, code, fields }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, { fields });
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

function validationBody(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
    .join('; ');
  return { message: `Invalid request: ${summary}`, code: 'VALIDATION_FAILED', fields } satisfies ApiError;
}

/**
 * Requests the client got wrong in form answer in the one error shape: a readable 400, except a body past
 * the limit (413) and a content type the API does not read (415), whose status says what to change
 * (decision 0004).
 */
const badForm = (message: string) => ({ status: 400, code: 'MALFORMED_REQUEST', message });
const MALFORMED_REQUESTS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type; send application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: badForm('Request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: badForm('Request body is empty but the content type says JSON'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: badForm('Content-Length does not match the body'),
  FST_ERR_CTP_INVALID_TYPE: badForm('Content-Type must be a string'),
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      const body: ApiError = { message: error.message, code: error.code };
      if (error.extra.fields) body.fields = error.extra.fields;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    const malformed = error.code ? MALFORMED_REQUESTS[error.code] : undefined;
    if (malformed) {
      return reply.status(malformed.status).send({ message: malformed.message, code: malformed.code });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    } else {
      request.log.error({ err: error }, 'unexpected error');
    }
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
