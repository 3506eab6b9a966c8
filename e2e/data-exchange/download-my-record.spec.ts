import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../support/axe';
import { fhirErrors, type Resource } from '../support/fhir';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

test('a patient prepares a copy of their record and downloads the PDF and a FHIR bundle that validates', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(120_000);
  // The demo clinic has data exchange on; say so again in case another journey turned it off.
  const admin = await demoLogin(request, 'admin');
  const on = await request.put('/api/clinic/features', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { dataExchange: true },
  });
  expect(on.status()).toBe(200);

  await loginAs('patient', { path: '/settings?tab=my-record' });
  await expect(page.getByRole('tab', { name: 'My record', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Download my record' })).toBeVisible();
  const prepare = page.getByRole('button', { name: /^Prepare (my|a new) copy$/ });
  await prepare.click();
  await expect(page.getByText(/^Your copy from .+ is ready\.$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Kept until .+, then deleted\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^my-record-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfBytes = await readFile((await pdf.path()) as string);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  const bundleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download FHIR bundle' }).click();
  const bundleFile = await bundleDownload;
  expect(bundleFile.suggestedFilename()).toMatch(/^my-record-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
  const bundle = JSON.parse(await readFile((await bundleFile.path()) as string, 'utf8')) as Resource;
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });

  const resources = (bundle.entry as { resource: Resource }[]).map((entry) => entry.resource);
  expect(resources.filter((resource) => resource.resourceType === 'Patient')).toHaveLength(1);
  expect(resources.some((resource) => resource.resourceType === 'Appointment')).toBe(true);
  expect([bundle, ...resources].flatMap(fhirErrors)).toEqual([]);
});
