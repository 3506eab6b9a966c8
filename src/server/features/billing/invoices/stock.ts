import { CHECKOUT_PRODUCT_ERRORS } from '../../../../shared/billing-products';
import type { Tx } from '../../../db/client';
import type { RequestMeta } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import * as store from '../../store/service';
import { audit, type Caller } from './access';
import type { NewLine } from './repository';
import * as repository from './repository';

/**
 * Takes the store stock of the lines that name a variant, in the transaction that writes them, with the store's
 * own conditional update (an order's payment takes its stock the same way): when the shelf is short now, a 409
 * rolls the whole invoice back. The activity entry names the products.
 */
export async function takeLineStock(
  tx: Tx,
  caller: Caller,
  of: { invoice: { id: string; patientId: string }; lines: NewLine[]; meta: RequestMeta },
) {
  const stocked = of.lines.flatMap((line) =>
    line.variantId
      ? [{ variantId: line.variantId, quantity: line.quantity, description: line.description }]
      : [],
  );
  if (stocked.length === 0) return;
  if (!(await store.takeStock(tx, stocked)))
    throw new AppError('CONFLICT', CHECKOUT_PRODUCT_ERRORS.soldMeanwhile, {
      fields: { products: CHECKOUT_PRODUCT_ERRORS.soldMeanwhile },
    });
  await audit(tx, {
    caller,
    action: 'invoice.products_sold',
    invoice: of.invoice,
    meta: of.meta,
    details: { products: stocked.map((line) => `${line.quantity} × ${line.description}`).join('; ') },
  });
}

/**
 * Gives back the stock the invoice's lines hold (the invoice voided or deleted, its lines replaced), in the
 * caller's transaction; once, however often it runs. Answers how many lines gave stock back.
 */
export async function giveLineStockBack(tx: Tx, invoiceId: string) {
  const released = await repository.releaseTakenStock(tx, invoiceId);
  if (released.length) await store.putStockBack(tx, released);
  return released.length;
}
