import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { DONATION_TEXT } from '../../src/shared/donations';
import { CARD_ERRORS } from '../../src/shared/payments';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';

/**
 * Donation journeys through the Donate dialog under the built-in test provider: a visitor from the public
 * pages' top bar and a signed-in member from /member/donate, with Stripe's test cards.
 */

/** The toast in front; only one shows at a time. */
const frontToast = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

async function expectToast(page: Page, title: string, description: string) {
  const toast = frontToast(page);
  await expect(toast).toContainText(title);
  await expect(toast).toContainText(description);
  // Raised from the open dialog, the toast is still in the accessibility tree: a screen reader hears it.
  await expect(page.getByRole('listitem').filter({ hasText: description }).first()).toBeVisible();
  expect(await toast.evaluate((node) => node.closest('[inert], [aria-hidden="true"]') === null)).toBe(true);
}

async function payByCard(dialog: Locator, cardNumber: string, amount: string) {
  const number = dialog.getByLabel('Card number');
  await expect(number).toBeFocused();
  await number.fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: DONATION_TEXT.completeButton(amount), exact: true }).click();
}

const continueToPayment = (dialog: Locator) =>
  dialog.getByRole('button', { name: 'Continue to payment' }).click();

test('a visitor donates from the public pages: every validation toast, the card step, the thank-you and a receipt', async ({
  page,
}) => {
  const email = `donor-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/booking-demo');
  await page.getByRole('banner').getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donate' });
  await expect(dialog.getByRole('radiogroup', { name: 'Donation amount' })).toBeVisible();
  expect(await seriousViolations(page), 'donation form').toEqual([]);

  await continueToPayment(dialog);
  await expectToast(page, DONATION_TEXT.invalidAmount.title, DONATION_TEXT.invalidAmount.description);
  await dialog.getByLabel('Custom amount ($)').fill('0.50');
  await continueToPayment(dialog);
  await expectToast(page, DONATION_TEXT.invalidAmount.title, DONATION_TEXT.invalidAmount.description);

  // Arrow keys move through the presets as one radio group.
  await dialog.getByRole('radio', { name: '$10', exact: true }).focus();
  // Held as a person holds it: the group moves focus a moment after the key goes down.
  await page.keyboard.down('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '$25', exact: true })).toBeChecked();
  await page.keyboard.up('ArrowRight');
  await expect(dialog.getByLabel('Custom amount ($)')).toHaveValue('');
  await continueToPayment(dialog);
  await expectToast(page, DONATION_TEXT.missingName.title, DONATION_TEXT.missingName.description);

  await dialog.getByLabel('Full name').fill('Robin Q. Visitor');
  await continueToPayment(dialog);
  await expectToast(page, DONATION_TEXT.missingEmail.title, DONATION_TEXT.missingEmail.description);
  expect(await seriousViolations(page), 'donation form with a toast').toEqual([]);

  await dialog.getByLabel('Email').fill(email);
  await continueToPayment(dialog);
  await expect(dialog.getByRole('form', { name: 'Card details' })).toBeVisible();
  expect(await seriousViolations(page), 'card step').toEqual([]);
  await payByCard(dialog, '4242 4242 4242 4242', '25');

  await expect(dialog.getByRole('heading', { name: DONATION_TEXT.thankYou.title })).toBeFocused();
  await expectToast(page, DONATION_TEXT.thankYou.title, DONATION_TEXT.thankYou.description('25'));
  expect(await seriousViolations(page), 'thank-you').toEqual([]);
  // The thank-you stays 3 s, then the dialog closes and starts afresh.
  await expect(dialog).toBeHidden({ timeout: 18_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Donate' }).click();
  await expect(dialog.getByRole('radio', { name: '$25', exact: true })).not.toBeChecked();
  await expect(dialog.getByLabel('Full name')).toHaveValue('');

  const receipt = await waitForMail(email);
  expect(receipt.subject).toBe('Your donation receipt: $25');
  expect(receipt.text).toContain('Dear Robin,');
});

test('a member’s declined card returns to the form with Payment Failed; the next card goes through and the donation joins their history', async ({
  page,
  loginAs,
}) => {
  // A random amount tells this journey's donation apart in the member's history.
  const cents = 1 + Math.floor(Math.random() * 99);
  const amount = `${1 + Math.floor(Math.random() * 90)}.${String(cents).padStart(2, '0')}`;
  await loginAs('member', { path: '/member/donate' });
  await expect(page.getByRole('heading', { name: 'Your donations' })).toBeVisible();
  expect(await seriousViolations(page), '/member/donate').toEqual([]);

  await page.getByRole('button', { name: 'Make a donation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donate' });
  await dialog.getByLabel('Custom amount ($)').fill(amount);
  await expect(dialog.getByLabel('Full name')).not.toHaveValue('');
  await continueToPayment(dialog);
  await payByCard(dialog, '4000 0000 0000 0002', amount);

  await expectToast(page, DONATION_TEXT.paymentFailed.title, CARD_ERRORS.declined);
  await expect(dialog.getByRole('heading', { name: 'Your donation' })).toBeFocused();
  await expect(dialog.getByLabel('Custom amount ($)')).toHaveValue(amount);
  expect(await seriousViolations(page), 'form after a declined card').toEqual([]);

  await continueToPayment(dialog);
  await payByCard(dialog, '4242 4242 4242 4242', amount);
  await expect(dialog.getByRole('heading', { name: DONATION_TEXT.thankYou.title })).toBeVisible();
  await expectToast(page, DONATION_TEXT.thankYou.title, DONATION_TEXT.thankYou.description(amount));
  await expect(dialog).toBeHidden({ timeout: 18_000 });

  const row = page
    .getByRole('table', { name: 'Your donations, newest first' })
    .getByRole('row')
    .filter({ hasText: `$${amount}` });
  await expect(row.first()).toContainText('Paid');
  await expect(row.first()).toContainText('•••• 4242');
});
