import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import {
  ConfirmInvoicePaymentInputSchema,
  InvoiceAnswerSchema,
  InvoiceIdParamsSchema,
  InvoicePaymentParamsSchema,
  PayInvoiceAnswerSchema,
  RecordPaymentInputSchema,
  RefundPaymentInputSchema,
} from '../../../../shared/billing';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import type { Payments } from '../../payments/service';
import { receiptPdf, sendPdf } from '../pdf';
import { confirmOnlinePayment, startOnlinePayment } from './online';
import { paymentForReceipt, recordDeskPayment, refundPayment } from './service';

/**
 * Payments on invoices: taken at the desk by whoever bills, paid online by the patient or the desk (each call
 * counted against the address's limit), refunded by staff and admins, and a receipt for whoever sees the invoice.
 */
export function invoicePaymentRoutes(ctx: AppContext, payments: Payments) {
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

    app.post(
      '/api/invoices/:id/payments',
      { onRequest: writers, schema: { tags, params, body: RecordPaymentInputSchema, response: invoice } },
      (request) =>
        recordDeskPayment(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
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
        refundPayment(ctx, callerOf(request), {
          payments,
          id: request.params.id,
          paymentId: request.params.paymentId,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/invoices/:id/pay',
      {
        onRequest: [payers, limited],
        schema: { tags, params, body: EmptyBodySchema, response: { 200: PayInvoiceAnswerSchema } },
      },
      (request) =>
        startOnlinePayment(ctx, callerOf(request), {
          payments,
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/invoices/:id/pay/confirm',
      {
        onRequest: [payers, limited],
        schema: { tags, params, body: ConfirmInvoicePaymentInputSchema, response: invoice },
      },
      (request) =>
        confirmOnlinePayment(ctx, callerOf(request), {
          payments,
          id: request.params.id,
          paymentIntentId: request.body.paymentIntentId,
        }),
    );

    app.get(
      '/api/invoices/:id/payments/:paymentId/receipt',
      { onRequest: readers, schema: { tags, params: InvoicePaymentParamsSchema } },
      async (request, reply) => {
        const found = await paymentForReceipt(ctx.db, callerOf(request), {
          id: request.params.id,
          paymentId: request.params.paymentId,
          meta: requestMeta(request),
        });
        return sendPdf(
          reply,
          `${found.invoice.number}-receipt-${found.payment.id.slice(0, 8)}.pdf`,
          await receiptPdf(found.invoice, found.payment),
        );
      },
    );
  };
}
