/** What other features may use of the signed-in devices and the automatic sign-out. */
export { DevicesCard } from './devices-card';
export { IdleSignOutCard } from './idle-settings-card';
export { IdleSignOut } from './idle-sign-out';
