import { format } from 'date-fns';
import { TEST_CARDS } from '../../src/shared/payments';
import { seriousViolations } from '../support/axe';
import { cardOnFile, completedSession, newPatient } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt, toastOn } from '../support/live';

/**
 * Session billing, which the demo clinic has on: a practitioner completes a session on the calendar, adds a
 * product from the store and checks it out on the patient's card on file in a few clicks, and the patient's statement shows the invoice and the
 * card payment.
 */
test('a practitioner completes a session and checks it out on the patient’s card on file; the statement shows it paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await demoLogin(request, 'staff');
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await newPatient(request);
  await cardOnFile(request, patient.token, TEST_CARDS.success);
  const { service, appointment } = await completedSession(request, staff.token, patient.user.id, {
    complete: false,
  });
  const dayKey = format(new Date(appointment.startsAt), 'yyyy-MM-dd');

  const desk = await personAt(browser, practitioner.token, `/calendar?view=day&date=${dayKey}`);
  try {
    const page = desk.page;
    const grid = page.getByRole('region', { name: 'Calendar grid' });
    const clicksStarted = Date.now();
    await grid.getByRole('button', { name: new RegExp(patient.name) }).click();
    const details = page.getByRole('dialog', { name: service.name });
    await details.getByRole('button', { name: 'Complete' }).click();
    await details.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(
      checkout.getByText('Patient', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(patient.name);
    // A product from the store joins the session's line.
    await checkout.getByRole('combobox', { name: 'Add a product' }).fill('Resistance');
    await page.getByRole('option', { name: 'Resistance Band Set' }).click();
    await expect(checkout.getByRole('spinbutton', { name: 'Quantity of Resistance Band Set' })).toHaveValue(
      '1',
    );
    expect(await seriousViolations(page), 'checkout').toEqual([]);
    // The patient keeps a card on file, so checkout offers it first.
    await expect(checkout.getByRole('radio', { name: /^Card on file \(.+ •••• 4242\)$/ })).toBeChecked();
    await checkout.getByRole('button', { name: /^Check out and take \$/ }).click();
    await expect(toastOn(page).filter({ hasText: /^Checked out: INV-\d{6} is paid$/ })).toBeVisible();
    await expect(checkout).toBeHidden();
    // From the session to a paid invoice in a few clicks, well under a minute.
    expect(Date.now() - clicksStarted).toBeLessThan(60_000);
  } finally {
    await desk.close();
  }

  const home = await personAt(browser, patient.token, '/billing');
  try {
    const page = home.page;
    await page.getByRole('button', { name: 'Statement' }).click();
    const statement = page.getByRole('dialog', { name: 'Statement' });
    // Issued and paid today: the last 90 days, shown by default, hold both.
    const rows = statement.getByRole('table', { name: `Statement for ${patient.name}` }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(/Invoice INV-\d{6}/);
    await expect(rows.nth(2)).toContainText('Payment by card ending 4242');
    await expect(
      statement.locator('dt', { hasText: /^Balance$/ }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('$0.00');
    expect(await seriousViolations(page), 'statement').toEqual([]);
  } finally {
    await home.close();
  }
});
