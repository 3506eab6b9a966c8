import type { Page } from '@playwright/test';
import { CARD_ERRORS } from '../../src/shared/payments';
import {
  auth,
  completedSession,
  figure,
  newPatient,
  sentInvoice,
  settledViolations,
  statusOf,
} from '../support/billing';
import { chooseFromCombobox } from '../support/combobox';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

/**
 * Billing journeys under the built-in test card provider. Each bills a patient of its own (a fresh account),
 * so its invoices and its My Billing list are its alone while other journeys run beside it.
 */

async function payByCard(page: Page, cardNumber: string, amount: string) {
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  const number = dialog.getByLabel('Card number');
  await expect(number).toBeFocused();
  await number.fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  return dialog;
}

test('staff bill a completed session and send it; the patient pays by card after a declined one, and staff see it paid live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const staff = await demoLogin(request, 'staff');
  const patient = await newPatient(request);
  const { service } = await completedSession(request, staff.token, patient.user.id);

  const desk = await personAt(browser, staff.token, '/billing');
  try {
    const page = desk.page;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
    await page.getByRole('button', { name: 'New invoice' }).click();
    const editor = page.getByRole('dialog', { name: 'New invoice' });
    await chooseFromCombobox(editor, {
      label: 'Patient',
      search: patient.user.firstName,
      option: patient.name,
    });
    await editor
      .getByRole('button', { name: new RegExp(`^Add ${service.name.replace(/[()]/g, '\\$&')}, `) })
      .click();
    const preview = editor.getByRole('region', { name: 'Preview' });
    await expect(figure(preview, 'Subtotal')).not.toHaveText('$0.00');
    expect(await settledViolations(page), 'new invoice').toEqual([]);
    await editor.getByRole('button', { name: 'Create draft' }).click();

    const draft = page.getByRole('dialog', { name: 'Draft invoice' });
    await expect(draft).toBeVisible();
    await expect(draft.getByRole('table', { name: 'Lines of Draft' })).toContainText(service.name);
    await draft.getByRole('button', { name: 'Send invoice' }).click();
    const sentPanel = page.getByRole('dialog', { name: /^Invoice INV-\d{6}$/ });
    await expect(sentPanel).toBeVisible();
    const number = ((await sentPanel.getByRole('heading').first().textContent()) ?? '').replace(
      'Invoice ',
      '',
    );
    await expect(statusOf(sentPanel)).toHaveText('Sent');
    const total = (await figure(sentPanel, 'Total').textContent()) ?? '';
    expect(await settledViolations(page), 'staff invoice panel').toEqual([]);

    const home = await personAt(browser, patient.token, '/billing');
    try {
      const mine = home.page;
      await expect(mine.getByRole('heading', { level: 1 })).toHaveText('My Billing');
      const table = mine.getByRole('table', { name: /^My Billing/ });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText(number);
      expect(await settledViolations(mine), 'My Billing').toEqual([]);
      await table.getByRole('button', { name: number }).click();
      const panel = mine.getByRole('dialog', { name: `Invoice ${number}` });
      await expect(statusOf(panel)).toHaveText('Sent');
      expect(await settledViolations(mine), 'patient invoice panel').toEqual([]);

      await panel.getByRole('button', { name: 'Pay now' }).click();
      const declined = await payByCard(mine, '4000 0000 0000 0002', total);
      await expect(declined.getByRole('alert')).toHaveText(CARD_ERRORS.declined);
      await expect(mine.locator('[data-sonner-toast]').filter({ hasText: 'Payment Failed' })).toBeVisible();
      expect(await settledViolations(mine), 'pay by card after a decline').toEqual([]);

      await payByCard(mine, '4242 4242 4242 4242', total);
      await expect(mine.locator('[data-sonner-toast]').filter({ hasText: 'Payment received' })).toBeVisible();
      await expect(mine.getByRole('dialog', { name: 'Pay by card' })).toBeHidden();
      await expect(statusOf(panel)).toHaveText('Paid');
      await expect(figure(panel, 'Balance due')).toHaveText('$0.00');
      await expect(panel.getByRole('table', { name: `Payments of ${number}` })).toContainText(
        'Card online •••• 4242',
      );

      // The desk's open panel follows without a reload.
      await expect(statusOf(sentPanel)).toHaveText('Paid');
      await expect(figure(sentPanel, 'Balance due')).toHaveText('$0.00');
    } finally {
      await home.close();
    }
  } finally {
    await desk.close();
  }
});

test('staff take a partial cash payment, then the rest by cheque, and refund the cash', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const staff = await demoLogin(request, 'staff');
  const patient = await newPatient(request);
  const invoice = await sentInvoice(request, staff.token, { patientId: patient.user.id, cents: 12000 });

  await loginAs('staff', { path: `/billing?invoice=${invoice.id}` });
  const panel = page.getByRole('dialog', { name: `Invoice ${invoice.number}` });
  await expect(figure(panel, 'Balance due')).toHaveText('$120.00');

  await panel.getByRole('button', { name: 'Record payment' }).click();
  let form = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(form.getByLabel('Amount ($)')).toHaveValue('120.00');
  await form.getByLabel('Method').selectOption('Cash');
  await form.getByLabel('Amount ($)').fill('50');
  expect(await settledViolations(page), 'record a payment').toEqual([]);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form).toBeHidden();
  await expect(statusOf(panel)).toHaveText('Partially paid');
  await expect(figure(panel, 'Balance due')).toHaveText('$70.00');

  await panel.getByRole('button', { name: 'Record payment' }).click();
  form = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(form.getByLabel('Amount ($)')).toHaveValue('70.00');
  await form.getByLabel('Method').selectOption('Cheque');
  await form.getByLabel('Reference (optional)').fill('Cheque 1042');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form).toBeHidden();
  await expect(statusOf(panel)).toHaveText('Paid');
  await expect(figure(panel, 'Balance due')).toHaveText('$0.00');
  await expect(panel.getByRole('button', { name: 'Record payment' })).toBeHidden();

  const cash = panel.getByRole('button', { name: /^Refund \$50\.00 of / });
  await cash.click();
  const refund = page.getByRole('dialog', { name: 'Refund a payment' });
  await refund.getByLabel('Amount ($)').fill('20');
  await refund.getByLabel('Reason').fill('Session cut short');
  expect(await settledViolations(page), 'refund a payment').toEqual([]);
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund).toBeHidden();
  await expect(figure(panel, 'Paid')).toHaveText('$100.00');
  await expect(figure(panel, 'Balance due')).toHaveText('$20.00');
  await expect(statusOf(panel)).toHaveText('Partially paid');
  await expect(panel.getByRole('table', { name: `Payments of ${invoice.number}` })).toContainText('$20.00');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${invoice.number}.pdf`);
  const receipt = page.waitForEvent('download');
  await panel.getByRole('button', { name: /^Receipt for \$70\.00 of / }).click();
  const receiptFile = await receipt;
  // Saved under the name the server gives it: the invoice's number and the payment's.
  expect(receiptFile.suggestedFilename()).toMatch(
    new RegExp(`^${invoice.number}-receipt-[0-9a-f]{8}\\.pdf$`),
  );
  const bytes = await (await receiptFile.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: invoice.number });
  await expect(row).toContainText('Partially paid');
  expect(await settledViolations(page), 'staff billing list').toEqual([]);
});

test('a patient follows their dashboard’s balance to the invoice, which turns Void live when staff void it', async ({
  page,
  request,
  loginWithToken,
}) => {
  const staff = await demoLogin(request, 'staff');
  const patient = await newPatient(request);
  const invoice = await sentInvoice(request, staff.token, { patientId: patient.user.id, cents: 4550 });

  await loginWithToken(patient.token, '/');
  const balance = page.getByRole('region', { name: 'Balance due' });
  await expect(balance).toContainText('$45.50');
  await expect(balance).toContainText('on 1 open invoice');
  await balance.getByRole('link', { name: `Invoice ${invoice.number}, $45.50 due` }).click();
  await expect(page).toHaveURL(new RegExp(`/billing\\?invoice=${invoice.id}$`));
  const panel = page.getByRole('dialog', { name: `Invoice ${invoice.number}` });
  await expect(statusOf(panel)).toHaveText('Sent');
  await expect(panel.getByRole('button', { name: 'Pay now' })).toBeVisible();

  const voided = await request.post(`/api/invoices/${invoice.id}/void`, {
    headers: auth(staff.token),
    data: { reason: 'Raised in error' },
  });
  expect(voided.status(), await voided.text()).toBe(200);
  await expect(statusOf(panel)).toHaveText('Void');
  await expect(panel.getByRole('region', { name: 'Voided' })).toContainText('Raised in error');
  await expect(panel.getByRole('button', { name: 'Pay now' })).toBeHidden();
  expect(await settledViolations(page), 'void invoice for the patient').toEqual([]);

  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Balance due' })).toContainText('Nothing owed.');
});

test('a practitioner’s billing is called Service Billing and offers new invoices but not the clinic’s settings', async ({
  page,
  loginAs,
}) => {
  await loginAs('practitioner', { path: '/billing' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Billing');
  await expect(page).toHaveTitle('Service Billing | Clinic Portal');
  await expect(page.getByRole('button', { name: 'New invoice' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Billing settings' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Practitioner' })).toHaveCount(0);
  expect(await settledViolations(page), 'Service Billing').toEqual([]);
});
