/** What other features may use of admin; everything else in this folder is its own. */
export { AdminNav } from './admin-nav';
export { invalidateAccounts, isAccountsChanged } from './live';
