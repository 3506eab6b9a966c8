import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { CheckInList } from '../../src/shared/check-ins';
import { DEMO_BOOKING_LINK } from '../../src/shared/public-booking';
import type { RecoveryNotePage } from '../../src/shared/recovery-notes';
import type { Role } from '../../src/shared/roles';
import { isKeptFrom, ROUTES, type RouteKey } from '../../src/shared/routes';
import type { ProductsAnswer } from '../../src/shared/store';

/** One page of a tour: a name for reports and file names, and the path to open. */
export type TourStop = { name: string; path: string };

/** The settings tabs a tour opens one by one (`/settings?tab=`); a tab not for the role shows the profile. */
const SETTINGS_TABS = [
  'profile',
  'security',
  'notifications',
  'appearance',
  'availability',
  'services',
  'calendar-feed',
  'billing-policy',
];

/** Public forms a signed-in visitor is turned away from (or that only make sense signed out). */
const SIGNED_OUT_ONLY: readonly RouteKey[] = ['login', 'register', 'forgotPassword', 'resetPassword'];

/** Values for the route table's parameters, read from the running clinic where they depend on its data. */
export type RouteParams = { bookingLink: string; id: Partial<Record<RouteKey, string>> };

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function pathOf(key: RouteKey, params: RouteParams): string | null {
  if (key === 'notFound') return '/no-such-page';
  if (key === 'resetPassword') return `${ROUTES.resetPassword.path}?token=example`;
  const path = ROUTES[key].path
    .replace(':bookingLink', params.bookingLink)
    .replace(':id', params.id[key] ?? ':id');
  return path.includes(':') ? null : path;
}

function stopsOf(keys: RouteKey[], params: RouteParams): TourStop[] {
  return keys.flatMap((key) => {
    if (key === 'settings') {
      return SETTINGS_TABS.map((tab) => ({ name: `settings-${tab}`, path: `/settings?tab=${tab}` }));
    }
    const path = pathOf(key, params);
    return path ? [{ name: kebab(key), path }] : [];
  });
}

const allKeys = () => Object.keys(ROUTES) as RouteKey[];

/** Every public route of the route table (and a path it does not know), as a visitor sees them. */
export function signedOutTour(): TourStop[] {
  const keys = allKeys().filter((key) => ROUTES[key].access === 'public');
  return stopsOf(keys, { bookingLink: DEMO_BOOKING_LINK, id: {} });
}

/**
 * Every route of the route table a role may open signed in: the signed-in ones (some show the role a dashboard
 * instead), the admin or member ones of its own kind, and the public pages that are not sign-in forms.
 */
export function signedInTour(role: Role, params: RouteParams): TourStop[] {
  const keys = allKeys().filter((key) => {
    const { access } = ROUTES[key];
    if (access === 'public') return key !== 'notFound' && !SIGNED_OUT_ONLY.includes(key);
    return !isKeptFrom(key, role);
  });
  return stopsOf(keys, params);
}

/** Ids for the routes that take one, from what the signed-in role itself can list. */
export async function routeParamsFor(request: APIRequestContext, token: string): Promise<RouteParams> {
  const headers = { Authorization: `Bearer ${token}` };
  const read = async <T>(path: string): Promise<T | null> => {
    const response = await request.get(path, { headers });
    return response.ok() ? ((await response.json()) as T) : null;
  };
  const notes = await read<RecoveryNotePage>('/api/recovery-notes');
  const products = await read<ProductsAnswer>('/api/products');
  // Answered 409 (no list) where the clinic has care between visits off: the check-in page is left out then.
  const checkIns = await read<CheckInList>('/api/check-ins');
  return {
    bookingLink: DEMO_BOOKING_LINK,
    id: {
      recoveryNote: notes?.items[0]?.id,
      product: products?.products[0]?.id,
      checkIn: checkIns?.items[0]?.id,
    },
  };
}

/**
 * Once a page's heading shows and its main region has stopped loading: no busy part (aria-busy) and no status
 * that says it is still loading.
 */
export async function waitForMainContent(page: Page, timeout = 20_000): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout });
  const main = page.getByRole('main');
  await expect(main.getByText(/Loading/)).toHaveCount(0, { timeout });
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout });
}

/**
 * Opens a path the way a click on one of the app's links does, once the app is loaded (the first stop loads it):
 * a tour of dozens of screens then loads the app once, not once each. The history entry is the router's own
 * shape with a new key, and the app writes the window's title on every navigation (app/document-title.tsx), so
 * a cleared title coming back says the router has shown the new screen, not still the one before.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const loaded =
    page.url().startsWith('http') && (await page.evaluate(() => document.readyState === 'complete'));
  if (!loaded) {
    await page.goto(path);
    return;
  }
  await page.evaluate((next) => {
    const state = window.history.state as { idx?: number } | null;
    document.title = '';
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 },
      '',
      next,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForFunction(() => document.title !== '');
}
