/**
 * The store as other features see it: quotes make and renew orders, print on demand keeps its products in the
 * catalogue and moves orders on, the dashboard shows a member's orders. Each part lives in its own folder.
 */

export { hideSyncedProducts, type SyncedProductInput, saveSyncedProduct } from './catalogue/synced-catalogue';
export {
  moveOrderForFulfilment,
  orderForFulfilment,
  orderNumbersOf,
  paidOrdersHolding,
} from './fulfilment/service';
export { createOrderFromLines, type OrderFromLinesInput, renewOrderPayment } from './orders/checkout';
export { listMine } from './orders/service';
