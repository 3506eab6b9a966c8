/** Ports of the end-to-end harness; override with E2E_PORT when 3210 is taken. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = APP_PORT + 1;
export const MAIL_API_PORT = APP_PORT + 2;
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}`;

/** The three instances of the scale-out journeys (one PostgreSQL, one Redis), the proxy before them, and the harness's control. */
export const SCALE_PORTS = [3240, 3241, 3242] as const;
export const SCALE_URLS = SCALE_PORTS.map((port) => `http://127.0.0.1:${port}`);
export const SCALE_PROXY_URL = 'http://127.0.0.1:3243';
export const SCALE_CONTROL_URL = 'http://127.0.0.1:3244';
