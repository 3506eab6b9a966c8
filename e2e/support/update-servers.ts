/**
 * Extra harness instances for the app-update journeys: the same build, but the server reports a newer
 * version (APP_VERSION), once as an optional update and once as a forced one (MIN_SUPPORTED_VERSION).
 * Each takes three ports (app, SMTP, mail API) from its base, like the main instance, 10 and 20 above it.
 */
import { APP_PORT } from './ports';

export const NEWER_VERSION = '99.0.0';

export const UPDATE_INSTANCES = {
  optional: { port: APP_PORT + 10, env: { APP_VERSION: NEWER_VERSION } },
  forced: { port: APP_PORT + 20, env: { APP_VERSION: NEWER_VERSION, MIN_SUPPORTED_VERSION: NEWER_VERSION } },
} as const;

export const OPTIONAL_UPDATE_URL = `http://127.0.0.1:${UPDATE_INSTANCES.optional.port}`;
export const FORCED_UPDATE_URL = `http://127.0.0.1:${UPDATE_INSTANCES.forced.port}`;
