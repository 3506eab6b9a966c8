import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What axe finds serious or critical on the page as it stands (WCAG 2.1 A and AA, and best practice). */
export async function seriousViolations(page: Page) {
  await animationsSettled(page);
  const found = await analyze(page);
  if (found.length === 0) return found;
  // A live toast (another journey changing this person's appointment, say) can start fading in while axe runs,
  // and axe then measures the contrast of a half-transparent text. Asked again once the page has settled, a
  // real finding is still there; a passing frame is not.
  await animationsSettled(page);
  return analyze(page);
}

/** A toast or dialog caught half-faded in has the colours of neither end: finite animations settle first. */
async function animationsSettled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
}

async function analyze(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}
