/** What other features may use of accounts; everything else in this folder is its own. */
export { PersonFields } from './person-fields';
