/** Server messages carry the words the browser's error catalogue keys on ('deactivated', 'inactive', …). */
export const AUTH_ERRORS = {
  userNotFound: 'User not found',
  wrongPassword: 'Invalid email or password',
  deactivated: 'Account is deactivated',
  inactive: 'This account is inactive',
  invalidResetToken: 'Invalid or expired reset token',
} as const;
