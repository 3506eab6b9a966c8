/** What other features may use of passkeys: the Settings card and the sign-in button. */
export { PasskeySignIn } from './passkey-sign-in';
export { PasskeysCard } from './passkeys-card';
