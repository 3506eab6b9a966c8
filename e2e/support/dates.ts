import { createFormatter } from '../../src/shared/display-format';

/**
 * Dates and times as the page writes them: the browser's language (en-GB, playwright.config.ts) on the default
 * 24-hour clock, in this machine's zone. Expectations use the app's own formatter because the runtime's month
 * names are its own: "21 Sept" today where date-fns writes "21 Sep".
 */
export const pageFormat = createFormatter({ locale: 'en-GB', timeFormat: '24h' });
