/** Business constants of the specification (section 9), used by both server and browser. */
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_DELAY_MS = 3000;
export const TYPING_STOP_AFTER_MS = 3000;
export const NOTIFICATION_SOUND_VOLUME = 0.5;
export const BADGE_MAX = 99;
export const REMIND_LATER_MS = 3_600_000;
export const UPDATE_PROGRESS_STEP = 5;
export const UPDATE_STEP_DELAYS_MS = [150, 800, 1000] as const;
export const DEFAULT_APP_VERSION = '1.0.0';
export const DONATION_PRESETS = [10, 25, 50, 100, 250, 500] as const;
export const DONATION_MINIMUM = 1;
export const DONATION_THANK_YOU_MS = 3000;
export const LOGOUT_DELAY_MS = 1000;

export const CACHE = {
  preferences: { staleTime: 30_000, gcTime: 300_000 },
  notifications: { staleTime: 300_000, gcTime: 600_000 },
} as const;

/** Browser storage keys (specification sections 3 and 9). */
export const STORAGE_KEYS = {
  token: 'token',
  skipVersionUpdate: 'skipVersionUpdate',
  remindUpdateLater: 'remindUpdateLater',
  theme: 'theme',
  themePreferences: 'themePreferences',
  redirectAfterLogin: 'redirectAfterLogin',
  notificationInteraction: 'notificationInteraction',
  appVersion: 'appVersion',
  welcomeShownPrefix: 'welcomeShown_',
  /** The role of the last user signed in here: a reload paints that role's frame before the session check answers. */
  sessionRole: 'sessionRole',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
