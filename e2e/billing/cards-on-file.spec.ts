import { CARD_ERRORS, TEST_CARDS } from '../../src/shared/payments';
import { CARD_CONSENT } from '../../src/shared/saved-cards';
import { cardOnFile, newPatient, sentInvoice, settledViolations, statusOf } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

/**
 * Cards on file under the built-in test card provider (the demo clinic bills sessions): a patient saves a card
 * with consent and removes it; the desk charges a saved card for an invoice, and a card that declines leaves
 * the invoice open with the reason. Each journey has a patient of its own.
 */

test('a patient saves a test card with consent in My Billing, then removes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await newPatient(request, 'Cardie');
  const own = await personAt(browser, patient.token, '/billing');
  try {
    const page = own.page;
    const section = page.getByRole('region', { name: 'Card on file' });
    await expect(section.getByText('No card on file.')).toBeVisible();
    await section.getByRole('button', { name: 'Add a card' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await expect(dialog.getByLabel('Card number')).toBeFocused();
    await dialog.getByLabel('Card number').fill(TEST_CARDS.success);
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    // Without consent nothing goes to the provider.
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByText('Tick the consent box to keep a card on file')).toBeVisible();
    expect(await settledViolations(page), 'add a card').toEqual([]);
    await dialog.getByLabel(CARD_CONSENT.text).check();
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog).toBeHidden();

    await expect(section.getByText('Visa ending 4242')).toBeVisible();
    await expect(section.getByText(/Expires 12\/34 · consent given/)).toBeVisible();
    expect(await settledViolations(page), 'card on file').toEqual([]);

    await section.getByRole('button', { name: 'Remove Visa ending 4242' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this card?' });
    await confirm.getByRole('button', { name: 'Remove card', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText('No card on file.')).toBeVisible();
  } finally {
    await own.close();
  }
});

test('staff charge a saved card for an invoice, and a declining card leaves the next one open with the reason', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const staff = await demoLogin(request, 'staff');
  const paying = await newPatient(request, 'Cardie');
  const declining = await newPatient(request, 'Cardie');
  await cardOnFile(request, paying.token, TEST_CARDS.success);
  await cardOnFile(request, declining.token, TEST_CARDS.declinesWhenCharged);
  const paid = await sentInvoice(request, staff.token, {
    patientId: paying.user.id,
    cents: 6400,
    description: 'Hydrotherapy session',
  });
  const refused = await sentInvoice(request, staff.token, {
    patientId: declining.user.id,
    cents: 5200,
    description: 'Hydrotherapy session',
  });

  const desk = await personAt(browser, staff.token, `/billing?invoice=${paid.id}`);
  try {
    const page = desk.page;
    let panel = page.getByRole('dialog', { name: `Invoice ${paid.number}` });
    await panel.getByRole('button', { name: 'Charge card on file' }).click();
    let charge = page.getByRole('dialog', { name: 'Charge card on file' });
    await expect(charge.getByText('Visa ending 4242, expires 12/40')).toBeVisible();
    await expect(charge.getByLabel('Amount ($)')).toHaveValue('64.00');
    expect(await settledViolations(page), 'charge card on file').toEqual([]);
    await charge.getByRole('button', { name: 'Charge card', exact: true }).click();
    await expect(charge).toBeHidden();
    await expect(statusOf(panel)).toHaveText('Paid');

    await page.goto(`/billing?invoice=${refused.id}`);
    panel = page.getByRole('dialog', { name: `Invoice ${refused.number}` });
    await panel.getByRole('button', { name: 'Charge card on file' }).click();
    charge = page.getByRole('dialog', { name: 'Charge card on file' });
    await expect(charge.getByText('Visa ending 0341, expires 12/40')).toBeVisible();
    await charge.getByRole('button', { name: 'Charge card', exact: true }).click();
    await expect(
      charge.getByText(`The card was not charged: ${CARD_ERRORS.declined} The invoice stays open.`),
    ).toBeVisible();
    expect(await settledViolations(page), 'declined charge').toEqual([]);
    await charge.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(statusOf(panel)).toHaveText('Sent');
  } finally {
    await desk.close();
  }
});
