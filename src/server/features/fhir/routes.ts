import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requireDataExchange } from '../clinic-features/service';
import type { FhirResource } from './mapping';
import {
  capabilityStatement,
  readResource,
  type SearchQuery,
  searchByPatient,
  searchPatients,
} from './service';

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

/** FHIR issue types for the app's error codes (OperationOutcome.issue.code). */
const ISSUE_CODE: Record<string, string> = {
  BAD_REQUEST: 'invalid',
  UNAUTHENTICATED: 'login',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not-found',
  CONFLICT: 'business-rule',
  RATE_LIMITED: 'throttled',
};

const outcome = (code: string, message: string): FhirResource => ({
  resourceType: 'OperationOutcome',
  id: 'error',
  issue: [{ severity: 'error', code, diagnostics: message }],
});

const sendFhir = (reply: FastifyReply, status: number, body: FhirResource) =>
  reply.status(status).header('content-type', FHIR_CONTENT_TYPE).send(JSON.stringify(body));

/**
 * The read-only FHIR R4 endpoint under /fhir/R4 (docs/features/fhir.md): signed-in users, each seeing what the
 * app shows them; every error an OperationOutcome. While data exchange is off every route answers 409.
 */
export function fhirRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
        return sendFhir(reply, error.status, outcome(ISSUE_CODE[error.code] ?? 'processing', error.message));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
        return sendFhir(reply, error.statusCode, outcome('invalid', error.message));
      request.log.error({ err: error }, 'unexpected error');
      return sendFhir(
        reply,
        500,
        outcome('exception', 'Something went wrong on our side. Please try again.'),
      );
    });
    const onRequest = [
      app.requireUser,
      async () => {
        await requireDataExchange(ctx.db);
      },
    ];
    const systems = { base: ctx.config.appUrl };
    const read = (request: FastifyRequest) => ({
      caller: callerOf(request),
      systems,
      meta: requestMeta(request),
    });
    const query = (request: FastifyRequest) => request.query as SearchQuery;
    const schema = { hide: true };

    app.get('/fhir/R4/metadata', { onRequest, schema }, (_request, reply) =>
      sendFhir(reply, 200, capabilityStatement(systems)),
    );
    app.get('/fhir/R4/Patient', { onRequest, schema }, async (request, reply) =>
      sendFhir(reply, 200, await searchPatients(ctx.db, { ...read(request), query: query(request) })),
    );
    for (const type of ['Appointment', 'Observation'] as const) {
      app.get(`/fhir/R4/${type}`, { onRequest, schema }, async (request, reply) =>
        sendFhir(
          reply,
          200,
          await searchByPatient(ctx.db, {
            ...read(request),
            type,
            query: query(request),
          }),
        ),
      );
    }
    for (const type of ['Patient', 'Appointment', 'Observation'] as const) {
      app.get<{ Params: { id: string } }>(
        `/fhir/R4/${type}/:id`,
        { onRequest, schema },
        async (request, reply) =>
          sendFhir(reply, 200, await readResource(ctx.db, { ...read(request), type, id: request.params.id })),
      );
    }
  };
}
