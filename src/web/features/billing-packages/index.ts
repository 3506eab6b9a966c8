/** What other features may use of session packages; everything else in this folder is its own. */
export { CheckoutPackages, CoveredNotice } from './checkout-packages';
export { HeldPackages } from './held-packages';
export { PackageCatalogue } from './package-catalogue';
export { packageKeys } from './packages-api';
