/**
 * The store as other features see it: quotes make and renew orders, print on demand keeps its products in the
 * catalogue and moves orders on, the dashboard shows a member's orders, a session's checkout sells products on
 * an invoice (its stock taken and put back as an order's is). Each part lives in its own folder.
 */

export { variantsForSale } from './catalogue/service';
export { hideSyncedProducts, type SyncedProductInput, saveSyncedProduct } from './catalogue/synced-catalogue';
export {
  moveOrderForFulfilment,
  orderForFulfilment,
  orderNumbersOf,
  paidOrdersHolding,
} from './fulfilment/service';
export { createOrderFromLines, type OrderFromLinesInput, renewOrderPayment } from './orders/checkout';
export { putStockBack, takeStock } from './orders/repository';
export { listMine } from './orders/service';
