import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// The helper asks axe a second time when the first answer has findings (a toast fading in mid-scan); these
// show that a finding which stays is still reported, and one that passes is not.
test('the axe helper reports a finding that stays, after asking again', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Contrast</title></head>
    <body><main><h1>Contrast</h1><p style="color:#bbb;background:#fff">Faint text</p></main></body></html>`);
  const found = await seriousViolations(page);
  expect(found.map((violation) => violation.id)).toEqual(['color-contrast']);
});

test('the axe helper does not report text that was half-faded when first measured', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Fading</title>
    <style>#toast{color:#111;background:#fff;opacity:.2;transition:opacity 2.5s linear}</style></head>
    <body><main><h1>Fading</h1><p id="toast">Appointment changed</p></main></body></html>`);
  // The text starts fading in as axe is injected, as a live toast can: the first pass measures it faint.
  await page.evaluate(() => {
    const timer = setInterval(() => {
      if (!('axe' in window)) return;
      clearInterval(timer);
      const toast = document.getElementById('toast');
      if (toast) toast.style.opacity = '1';
    }, 1);
  });
  expect(await seriousViolations(page)).toEqual([]);
});
