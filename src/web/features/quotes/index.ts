/** What other features may use of quotes; everything else in this folder is its own. */
export { invalidateQuotes, isQuotesChanged } from './live';
