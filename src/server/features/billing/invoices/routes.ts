import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import {
  BillableAnswerSchema,
  BillableQuerySchema,
  CreateInvoiceInputSchema,
  InvoiceAnswerSchema,
  InvoiceIdParamsSchema,
  InvoiceListAnswerSchema,
  InvoiceListQuerySchema,
  InvoiceSessionsAnswerSchema,
  InvoiceSessionsInputSchema,
  UnbilledAnswerSchema,
  UnbilledQuerySchema,
  UpdateInvoiceInputSchema,
  VoidInvoiceInputSchema,
} from '../../../../shared/billing';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import { invoicePdf, sendPdf } from '../pdf';
import { createInvoice, deleteInvoice, updateInvoice } from './editing';
import { sendInvoice, voidInvoice } from './sending';
import { billable, getInvoice, invoiceForDocument, listInvoices } from './service';
import { invoiceSessions, listUnbilled } from './unbilled';

/** Invoices: listed and read by whoever may see them, made and changed by whoever bills, voided by the desk. */
export function invoiceRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const readers = app.requireRole('patient', 'practitioner', 'staff', 'admin');
    const writers = app.requireRole('practitioner', 'staff', 'admin');
    const managers = app.requireRole('staff', 'admin');
    const invoice = { 200: InvoiceAnswerSchema };
    const params = InvoiceIdParamsSchema;

    app.get(
      '/api/invoices',
      {
        onRequest: readers,
        schema: { tags, querystring: InvoiceListQuerySchema, response: { 200: InvoiceListAnswerSchema } },
      },
      (request) =>
        listInvoices(ctx.db, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    app.post(
      '/api/invoices',
      {
        onRequest: writers,
        schema: { tags, body: CreateInvoiceInputSchema, response: { 201: InvoiceAnswerSchema } },
      },
      async (request, reply) => {
        const made = await createInvoice(ctx, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        });
        return reply.status(201).send(made);
      },
    );

    app.get(
      '/api/invoices/billable',
      {
        onRequest: writers,
        schema: { tags, querystring: BillableQuerySchema, response: { 200: BillableAnswerSchema } },
      },
      (request) =>
        billable(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          meta: requestMeta(request),
        }),
    );

    app.get(
      '/api/invoices/unbilled',
      {
        onRequest: writers,
        schema: { tags, querystring: UnbilledQuerySchema, response: { 200: UnbilledAnswerSchema } },
      },
      (request) =>
        listUnbilled(ctx.db, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    /**
     * "Invoice selected": one invoice per patient, issued in one transaction. Sessions that someone invoiced a
     * moment ago are skipped and listed in `skipped` (409 when none is left); an id the caller does not reach
     * refuses the whole batch with 404. See invoiceSessions.
     */
    app.post(
      '/api/invoices/from-sessions',
      {
        onRequest: writers,
        schema: { tags, body: InvoiceSessionsInputSchema, response: { 201: InvoiceSessionsAnswerSchema } },
      },
      async (request, reply) => {
        const made = await invoiceSessions(ctx, callerOf(request), {
          appointmentIds: request.body.appointmentIds,
          meta: requestMeta(request),
        });
        return reply.status(201).send(made);
      },
    );

    app.get(
      '/api/invoices/:id',
      { onRequest: readers, schema: { tags, params, response: invoice } },
      (request) =>
        getInvoice(ctx.db, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.patch(
      '/api/invoices/:id',
      { onRequest: writers, schema: { tags, params, body: UpdateInvoiceInputSchema, response: invoice } },
      (request) =>
        updateInvoice(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.delete(
      '/api/invoices/:id',
      { onRequest: writers, schema: { tags, params, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteInvoice(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/invoices/:id/send',
      { onRequest: writers, schema: { tags, params, body: EmptyBodySchema, response: invoice } },
      (request) => sendInvoice(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.post(
      '/api/invoices/:id/void',
      { onRequest: managers, schema: { tags, params, body: VoidInvoiceInputSchema, response: invoice } },
      (request) =>
        voidInvoice(ctx, callerOf(request), {
          id: request.params.id,
          reason: request.body.reason,
          meta: requestMeta(request),
        }),
    );

    app.get(
      '/api/invoices/:id/pdf',
      { onRequest: readers, schema: { tags, params } },
      async (request, reply) => {
        const found = await invoiceForDocument(ctx.db, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        });
        return sendPdf(
          reply,
          `${found.number ?? `draft-${found.id.slice(0, 8)}`}.pdf`,
          await invoicePdf(found),
        );
      },
    );
  };
}
