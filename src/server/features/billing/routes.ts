import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  BillableAnswerSchema,
  BillableQuerySchema,
  BillingSettingsAnswerSchema,
  BillingSettingsSchema,
  ConfirmInvoicePaymentInputSchema,
  CreateInvoiceInputSchema,
  InvoiceAnswerSchema,
  InvoiceIdParamsSchema,
  InvoiceListAnswerSchema,
  InvoiceListQuerySchema,
  InvoicePaymentParamsSchema,
  PayInvoiceAnswerSchema,
  RecordPaymentInputSchema,
  RefundPaymentInputSchema,
  UpdateInvoiceInputSchema,
  VoidInvoiceInputSchema,
} from '../../../shared/billing';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import type { Payments } from '../payments/service';
import { raiseInvoiceNotifications } from './notifications';
import { invoicePdf, receiptPdf } from './pdf';
import * as billing from './service';

/**
 * Billing. Roles that never see invoices (members) get 403; an invoice outside the caller's reach answers 404
 * (the service decides), so ids cannot be probed. Patients read and pay their own; practitioners make and
 * manage their patients' invoices; staff and admins everything, with refunds, voids and the settings theirs.
 */
export function billingRoutes(ctx: AppContext, payments: Payments) {
  raiseInvoiceNotifications(ctx);
  payments.onSucceeded((intent) => billing.settleInvoicePayment(ctx, payments, intent));
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const readers = app.requireRole('patient', 'practitioner', 'staff', 'admin');
    const writers = app.requireRole('practitioner', 'staff', 'admin');
    const managers = app.requireRole('staff', 'admin');
    const payers = app.requireRole('patient', 'staff', 'admin');
    const limited = async (request: FastifyRequest) => payments.limits.consume(request.ip);
    const invoice = { 200: InvoiceAnswerSchema };
    const params = InvoiceIdParamsSchema;

    app.get(
      '/api/invoices',
      {
        onRequest: readers,
        schema: { tags, querystring: InvoiceListQuerySchema, response: { 200: InvoiceListAnswerSchema } },
      },
      (request) => billing.listInvoices(ctx.db, callerOf(request), request.query, requestMeta(request)),
    );

    app.post(
      '/api/invoices',
      {
        onRequest: writers,
        schema: { tags, body: CreateInvoiceInputSchema, response: { 201: InvoiceAnswerSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await billing.createInvoice(ctx, callerOf(request), request.body, requestMeta(request))),
    );

    app.get(
      '/api/invoices/billable',
      {
        onRequest: writers,
        schema: { tags, querystring: BillableQuerySchema, response: { 200: BillableAnswerSchema } },
      },
      (request) => billing.billable(ctx.db, callerOf(request), request.query.patientId, requestMeta(request)),
    );

    app.get(
      '/api/invoices/:id',
      { onRequest: readers, schema: { tags, params, response: invoice } },
      (request) => billing.getInvoice(ctx.db, callerOf(request), request.params.id, requestMeta(request)),
    );

    app.patch(
      '/api/invoices/:id',
      { onRequest: writers, schema: { tags, params, body: UpdateInvoiceInputSchema, response: invoice } },
      (request) =>
        billing.updateInvoice(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
    );

    app.delete(
      '/api/invoices/:id',
      { onRequest: writers, schema: { tags, params, response: { 204: z.null() } } },
      async (request, reply) => {
        await billing.deleteInvoice(ctx, callerOf(request), request.params.id, requestMeta(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/invoices/:id/send',
      { onRequest: writers, schema: { tags, params, body: EmptyBodySchema, response: invoice } },
      (request) => billing.sendInvoice(ctx, callerOf(request), request.params.id, requestMeta(request)),
    );

    app.post(
      '/api/invoices/:id/payments',
      { onRequest: writers, schema: { tags, params, body: RecordPaymentInputSchema, response: invoice } },
      (request) =>
        billing.recordDeskPayment(
          ctx,
          callerOf(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );

    app.post(
      '/api/invoices/:id/payments/:paymentId/refund',
      {
        onRequest: managers,
        schema: {
          tags,
          params: InvoicePaymentParamsSchema,
          body: RefundPaymentInputSchema,
          response: invoice,
        },
      },
      (request) =>
        billing.refundPayment(
          ctx,
          payments,
          callerOf(request),
          request.params.id,
          request.params.paymentId,
          request.body,
          requestMeta(request),
        ),
    );

    app.post(
      '/api/invoices/:id/void',
      { onRequest: managers, schema: { tags, params, body: VoidInvoiceInputSchema, response: invoice } },
      (request) =>
        billing.voidInvoice(
          ctx,
          callerOf(request),
          request.params.id,
          request.body.reason,
          requestMeta(request),
        ),
    );

    app.post(
      '/api/invoices/:id/pay',
      {
        onRequest: [payers, limited],
        schema: { tags, params, body: EmptyBodySchema, response: { 200: PayInvoiceAnswerSchema } },
      },
      (request) =>
        billing.startOnlinePayment(ctx, payments, callerOf(request), request.params.id, requestMeta(request)),
    );

    app.post(
      '/api/invoices/:id/pay/confirm',
      {
        onRequest: [payers, limited],
        schema: { tags, params, body: ConfirmInvoicePaymentInputSchema, response: invoice },
      },
      (request) =>
        billing.confirmOnlinePayment(
          ctx,
          payments,
          callerOf(request),
          request.params.id,
          request.body.paymentIntentId,
        ),
    );

    const pdf = (reply: FastifyReply, filename: string, bytes: Buffer) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);

    app.get(
      '/api/invoices/:id/pdf',
      { onRequest: readers, schema: { tags, params } },
      async (request, reply) => {
        const found = await billing.invoiceForDocument(
          ctx.db,
          callerOf(request),
          request.params.id,
          requestMeta(request),
        );
        return pdf(reply, `${found.number ?? `draft-${found.id.slice(0, 8)}`}.pdf`, await invoicePdf(found));
      },
    );

    app.get(
      '/api/invoices/:id/payments/:paymentId/receipt',
      { onRequest: readers, schema: { tags, params: InvoicePaymentParamsSchema } },
      async (request, reply) => {
        const found = await billing.paymentForReceipt(
          ctx.db,
          callerOf(request),
          request.params.id,
          request.params.paymentId,
          requestMeta(request),
        );
        return pdf(
          reply,
          `${found.invoice.number}-receipt-${found.payment.id.slice(0, 8)}.pdf`,
          await receiptPdf(found.invoice, found.payment),
        );
      },
    );

    app.get(
      '/api/billing/settings',
      {
        onRequest: app.requireRole('practitioner', 'staff', 'admin'),
        schema: { tags, response: { 200: BillingSettingsAnswerSchema } },
      },
      () => billing.getSettings(ctx.db),
    );

    app.put(
      '/api/billing/settings',
      {
        onRequest: managers,
        schema: { tags, body: BillingSettingsSchema, response: { 200: BillingSettingsAnswerSchema } },
      },
      (request) => billing.putSettings(ctx.db, callerOf(request), request.body, requestMeta(request)),
    );
  };
}
