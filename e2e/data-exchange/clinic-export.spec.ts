import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../support/axe';
import { fhirErrors, type Resource } from '../support/fhir';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

test('an admin exports the whole clinic from the Data exchange card and downloads files whose every line validates', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(150_000);
  // The demo clinic has data exchange on; say so again in case another journey turned it off.
  const admin = await demoLogin(request, 'admin');
  const on = await request.put('/api/clinic/features', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { dataExchange: true },
  });
  expect(on.status()).toBe(200);

  await loginAs('admin', { path: '/settings?tab=billing-policy' });
  const card = page.getByRole('region', { name: 'Export the whole clinic' });
  const start = card.getByRole('button', { name: 'Start export' });
  await expect(start).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  // Every text the live region says, kept as it changes: the progress can pass quicker than a look at it.
  const status = card.getByRole('status');
  await status.evaluate((region) => {
    const said: string[] = [];
    (window as unknown as { exportSaid: string[] }).exportSaid = said;
    new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(/^Export done: \d+ patients\.$/, { timeout: 60_000 });
  const said = await page.evaluate(() => (window as unknown as { exportSaid: string[] }).exportSaid);
  expect(said.some((text) => /^Exporting… \d+ of \d+ patients$/.test(text))).toBe(true);
  const patients = Number(/(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(patients).toBeGreaterThan(40);

  const files = card.getByRole('list', { name: 'Export files' });
  await expect(files.getByRole('button', { name: `Patient (${patients})` })).toBeVisible();
  await expect(card.getByText(/^Files kept until .+, then deleted\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const downloaded: Resource[] = [];
  for (const type of ['Patient', 'Appointment', 'Organization']) {
    const button = files.getByRole('button', { name: new RegExp(`^${type} \\((\\d+)\\)$`) });
    const count = Number(/\((\d+)\)/.exec((await button.textContent()) ?? '')?.[1]);
    const waiting = page.waitForEvent('download');
    await button.click();
    const download = await waiting;
    expect(download.suggestedFilename()).toBe(`${type}.ndjson`);
    const body = await readFile((await download.path()) as string, 'utf8');
    const lines = body.trimEnd().split('\n');
    expect(lines).toHaveLength(count);
    const resources = lines.map((line) => JSON.parse(line) as Resource);
    expect(resources.every((resource) => resource.resourceType === type)).toBe(true);
    downloaded.push(...resources);
  }
  expect(downloaded.filter((resource) => resource.resourceType === 'Patient')).toHaveLength(patients);
  expect(downloaded.flatMap(fhirErrors)).toEqual([]);
});
