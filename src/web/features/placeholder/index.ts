/** What other features may use of placeholder; everything else in this folder is its own. */
export { PublicLayout } from './public-layout';
