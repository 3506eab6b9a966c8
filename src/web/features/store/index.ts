/** What other features may use of store; everything else in this folder is its own. */
export { useConfirmOrder, useMyOrders } from './api';
export { invalidateOrders, isOrdersChanged } from './live';
