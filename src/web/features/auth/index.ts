/** What other features may use of auth; everything else in this folder is its own. */
export { authKeys, changePassword, logoutAllSessions } from './api';
export { registerErrorMessage } from './error-messages';
export { useSession, useUser } from './session';
