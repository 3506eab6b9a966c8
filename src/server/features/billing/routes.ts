import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Payments } from '../payments/service';
import { cardRoutes } from './cards/routes';
import { checkoutRoutes } from './checkout/routes';
import { feeRoutes } from './fees/routes';
import { raiseInvoiceNotifications } from './invoices/notifications';
import { invoiceRoutes } from './invoices/routes';
import { packageRoutes } from './packages/routes';
import { settleInvoicePayment } from './payments/online';
import { invoicePaymentRoutes } from './payments/routes';
import { settingsRoutes } from './settings/routes';
import { statementRoutes } from './statements/routes';

/**
 * Billing. Roles that never see invoices (members) get 403; an invoice outside the caller's reach answers 404
 * (the service decides), so ids cannot be probed. Patients read and pay their own; practitioners make and
 * manage their patients' invoices; staff and admins everything, with refunds, voids and the settings theirs.
 */
export function billingRoutes(ctx: AppContext, payments: Payments) {
  raiseInvoiceNotifications(ctx);
  payments.onSucceeded((intent) => settleInvoicePayment(ctx, { payments, intent }));
  return async (app: FastifyInstance) => {
    await app.register(invoiceRoutes(ctx));
    await app.register(invoicePaymentRoutes(ctx, payments));
    await app.register(settingsRoutes(ctx));
    await app.register(statementRoutes(ctx));
    await app.register(checkoutRoutes(ctx, payments));
    await app.register(feeRoutes(ctx));
    await app.register(cardRoutes(ctx, payments));
    await app.register(packageRoutes(ctx));
  };
}
