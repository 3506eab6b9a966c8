/** User-facing strings of the specification's error catalogue (section 8), to the letter. */
export const LOGIN_MESSAGES = {
  deactivated: 'Account is deactivated. Please contact support for assistance.',
  invalidCredentials: 'Invalid email or password. Please check your credentials.',
  notFound: 'User not found. Please check your email address.',
  network: 'Network error. Please check your internet connection.',
  fallback: 'Login failed. Please try again.',
} as const;

export const REGISTER_MESSAGES = {
  alreadyExists: 'An account with this email already exists. Please use a different email or try logging in.',
  invalid: 'Invalid registration data. Please check your information.',
  fallback: 'Registration failed. Please try again.',
} as const;

export const FORGOT_PASSWORD_MESSAGES = {
  notFound: 'No account found with this email address. Please check your email or create a new account.',
  inactive: 'This account is currently inactive. Please contact support for assistance.',
  fallback: 'Failed to send password reset email. Please try again.',
} as const;

export const RESET_PASSWORD_MESSAGES = {
  invalidToken: 'Invalid or expired reset token. Please request a new password reset.',
  fallback: 'Failed to reset password. Please try again.',
} as const;

export const NETWORK_ERROR_MESSAGE = 'Network error or server unavailable';
export const DEACTIVATION_ALERT = 'Your account has been deactivated. You will be signed out.';
export const UPDATE_FAILED_MESSAGE = 'Update failed. Please try again.';
export const LOGGING_OUT_TITLE = 'Logging out...';
export const LOGGING_OUT_SUBTITLE = 'Please wait while we clear your session';
export const UPDATE_DIALOG_TITLE = 'New Version Available';
export const TELEHEALTH_LABEL = 'Telehealth (Coming Soon)';

/** Messages the server sends for session failures; the browser keys on them (specification section 5).
 * Here, not beside ApiErrorSchema, so the browser's api client reads them without loading zod up front. */
export const SESSION_ERRORS = {
  missing: 'Access token required',
  invalid: 'Invalid token',
  expired: 'Token expired',
} as const;

export const SESSION_ENDING_MESSAGES: readonly string[] = Object.values(SESSION_ERRORS);
