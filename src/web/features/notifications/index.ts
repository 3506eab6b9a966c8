/** What other features may use of notifications; everything else in this folder is its own. */
export { useNotificationPreferences, useUpdateNotificationPreferences } from './preferences-api';
