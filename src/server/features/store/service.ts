/** The store as the routes and other features see it; each part lives in its own folder. */

export * from './cart/service';
export * from './catalogue/service';
export * from './fulfilment/service';
export * from './orders/checkout';
export * from './orders/service';
export * from './orders/settle';
export { hideSyncedProducts, type SyncedProductInput, saveSyncedProduct } from './synced-catalogue';
