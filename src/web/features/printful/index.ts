/** What other features may use of printful; everything else in this folder is its own. */
export { invalidatePrintful, isPrintfulChanged } from './live';
