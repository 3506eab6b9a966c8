import type { Page } from '@playwright/test';
import { ROLES } from '../../src/shared/roles';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';
import {
  openInApp,
  routeParamsFor,
  signedInTour,
  signedOutTour,
  type TourStop,
  waitForMainContent,
} from '../support/route-tour';

/** A phone held upright and a tablet held upright. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;

type Overflow = { scrollWidth: number; clientWidth: number; widest: string[] };

/** The page's width against the window's, and what sticks out past the window's right edge (when it does). */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const { scrollWidth, clientWidth } = root;
    if (scrollWidth <= clientWidth + 1) return { scrollWidth, clientWidth, widest: [] };
    // Inside a box that scrolls or clips, unless positioned against something outside that box (text kept for
    // screen readers, placed where the table would put it, then widens the page).
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const anchor = element instanceof HTMLElement ? element.offsetParent : null;
        return (
          getComputedStyle(element).position !== 'absolute' || (anchor !== null && parent.contains(anchor))
        );
      }
      return false;
    };
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 4).join('.');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    const widest = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > clientWidth + 1 && !clipped(element))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 3)
      .map(describe);
    return { scrollWidth, clientWidth, widest };
  });
}

/** Opens each stop once per width and returns what scrolled sideways, one line per route and width. */
async function tour(page: Page, stops: TourStop[]): Promise<string[]> {
  const findings: string[] = [];
  for (const stop of stops) {
    for (const [index, viewport] of VIEWPORTS.entries()) {
      await page.setViewportSize(viewport);
      if (index === 0) await openInApp(page, stop.path);
      await waitForMainContent(page);
      const { scrollWidth, clientWidth, widest } = await measure(page);
      if (scrollWidth > clientWidth + 1) {
        findings.push(
          `${stop.path} at ${viewport.width}px: scrollWidth ${scrollWidth} > clientWidth ${clientWidth}; ${widest.join('; ')}`,
        );
      }
    }
  }
  return findings;
}

test.describe('no page scrolls sideways on a phone or a tablet', () => {
  test.describe.configure({ timeout: 600_000 });

  test('signed out, every public page', async ({ page }) => {
    expect(await tour(page, signedOutTour())).toEqual([]);
  });

  for (const role of ROLES) {
    test(`the ${role}, every page the ${role} may open`, async ({ page, request, loginWithToken }) => {
      const { token } = await demoLogin(request, role);
      const stops = signedInTour(role, await routeParamsFor(request, token));
      expect(stops.map((stop) => stop.path)).toContain('/');
      await loginWithToken(token);
      expect(await tour(page, stops)).toEqual([]);
    });
  }
});
