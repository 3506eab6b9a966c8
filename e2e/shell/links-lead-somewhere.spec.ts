import type { Page } from '@playwright/test';
import { ROLES, type Role } from '../../src/shared/roles';
import {
  DASHBOARDS,
  dashboardFor,
  homeDashboardFor,
  ROUTES,
  type RouteDefinition,
  type RouteKey,
} from '../../src/shared/routes';
import { expect, test } from '../support/fixtures';
import { openInApp } from '../support/route-tour';

/**
 * Every in-app link of every role leads somewhere: for each demo role, every route it may open is visited,
 * every link on it collected, and each distinct link followed once. A link fails when it lands on the page
 * it was on, on a not-found page, or on the role's dashboard when it promised something else (what members
 * met on Messages and "Change your account details").
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The routes whose links are collected: every route the role may open, but only once for the routes that show
 * the role its dashboard instead of their own screen (a patient's /clients is their dashboard again).
 */
function routesOf(role: Role): string[] {
  const reaches = (route: RouteDefinition) => route.access === 'signed-in' || route.access === role;
  return (Object.entries(ROUTES) as [RouteKey, RouteDefinition][])
    .filter(([, route]) => reaches(route) && !route.path.includes(':') && route.path !== '*')
    .filter(([key]) => key === 'home' || dashboardFor(key, role) === null)
    .map(([, route]) => route.path);
}

/** Links of one shape (a list of patients, each its own id) are followed once. */
const shapeOf = (href: string) => {
  const url = new URL(href, 'http://app');
  const keys = [...url.searchParams.keys()].sort().join('&');
  return `${url.pathname.replace(UUID, ':id')}?${keys}`;
};

async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[role=status]:visible', { hasText: /^Loading/ })).toHaveCount(0);
}

/** In-app links on the page: not downloads, API files, other sites or anchors within the page. */
async function linksOn(page: Page) {
  return page.$$eval('a[href]', (anchors) =>
    anchors
      .filter((anchor) => !anchor.hasAttribute('download') && !anchor.getAttribute('href')?.startsWith('#'))
      .map((anchor) => ({
        href: anchor.getAttribute('href') ?? '',
        text: (anchor.textContent ?? '').trim() || anchor.getAttribute('aria-label') || '',
        absolute: (anchor as HTMLAnchorElement).href,
      }))
      .filter(({ absolute }) => new URL(absolute).origin === window.location.origin)
      .map(({ absolute, text }) => {
        const url = new URL(absolute);
        return { href: `${url.pathname}${url.search}`, text };
      })
      .filter(({ href }) => !href.startsWith('/api/') && !href.startsWith('/ws')),
  );
}

for (const role of ROLES) {
  test(`every link a ${role} can follow leads somewhere`, async ({ page, loginAs }) => {
    test.setTimeout(600_000);
    const home = role === 'member' ? '/member' : '/';
    const homeTitle = DASHBOARDS[homeDashboardFor(role)].title;
    await loginAs(role, { path: home });
    await settled(page);

    const toFollow = new Map<string, { href: string; text: string; from: string }>();
    for (const path of routesOf(role)) {
      await openInApp(page, path);
      await settled(page);
      const from = new URL(page.url()).pathname;
      for (const link of await linksOn(page)) {
        const shape = shapeOf(link.href);
        if (!toFollow.has(shape)) toFollow.set(shape, { ...link, from });
      }
    }

    const deadEnds: string[] = [];
    for (const { href, text, from } of toFollow.values()) {
      const target = new URL(href, 'http://app').pathname;
      if (target === '/login') continue;
      await openInApp(page, href);
      await settled(page);
      const landed = new URL(page.url()).pathname;
      const heading = (await page.locator('h1').first().textContent())?.trim() ?? '';
      const promisedHome = target === home || target === '/';
      const said = `"${text}" (${href}) on ${from}`;
      if (heading === ROUTES.notFound.title) deadEnds.push(`${said}: not found`);
      else if (landed === from && target !== from) deadEnds.push(`${said}: stayed on ${from}`);
      else if (!promisedHome && (landed === home || heading === homeTitle))
        deadEnds.push(`${said}: led back to the ${homeTitle}`);
    }
    expect(toFollow.size).toBeGreaterThan(3);
    expect(deadEnds, `links of the ${role} that lead nowhere`).toEqual([]);
  });
}
