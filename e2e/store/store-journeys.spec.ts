import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

/**
 * The store under the built-in test card provider: a member browses the demo catalogue, buys two variants of
 * a t-shirt by card and sees the order; an admin ships it and the member's order page follows without a reload.
 */
test('a member buys two variants by card; an admin ships the order and the member sees it live', async ({
  page,
  loginAs,
  browser,
  request,
}) => {
  await loginAs('member', { path: '/store' });
  const teeLink = page.getByRole('link', { name: 'Recovery Crew T-shirt' });
  await expect(teeLink).toBeVisible();
  expect(await seriousViolations(page), '/store').toEqual([]);
  await page.getByLabel('Category').selectOption('drinkware');
  await expect(teeLink).toBeHidden();
  await expect(page.getByRole('link', { name: 'Clinic Ceramic Mug' })).toBeVisible();
  await page.getByLabel('Category').selectOption('');

  await teeLink.click();
  await expect(page.getByRole('heading', { name: 'Recovery Crew T-shirt' })).toBeVisible();
  expect(await seriousViolations(page), '/product/:id').toEqual([]);
  await page.getByLabel('Size').selectOption('M');
  await page.getByLabel('Colour').selectOption('Navy');
  await expect(page.getByText(/\d+ in stock/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart (1 item)' })).toBeVisible();
  await page.getByLabel('Size').selectOption('L');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart (2 items)' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart (2 items)' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Recovery Crew T-shirt (M / Navy)')).toBeVisible();
  await expect(page.getByText('Recovery Crew T-shirt (L / Navy)')).toBeVisible();
  expect(await seriousViolations(page), '/checkout').toEqual([]);
  await page.getByLabel('Full name').fill('Sam Member');
  await page.getByLabel('Street address').fill('1 Harbour Road');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State or region').fill('OR');
  await page.getByLabel('Postal code').fill('97201');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?order=/);
  const heading = page.getByRole('heading', { name: /^Order ORD-\d{6}$/ });
  await expect(heading).toBeVisible();
  const orderNumber = ((await heading.textContent()) ?? '').replace('Order ', '');
  await expect(page.getByText('1 × Recovery Crew T-shirt (M / Navy)')).toBeVisible();
  await expect(page.getByText('1 × Recovery Crew T-shirt (L / Navy)')).toBeVisible();

  await page.goto('/orders');
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) });
  await expect(card.getByText('Paid', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page), '/orders').toEqual([]);

  const admin = await demoLogin(request, 'admin');
  const desk = await personAt(browser, admin.token, '/admin/orders');
  try {
    const form = desk.page.getByRole('form', { name: `Move order ${orderNumber}` });
    await expect(form).toBeVisible();
    expect(await seriousViolations(desk.page), '/admin/orders').toEqual([]);
    await form.getByLabel('New status').selectOption('shipped');
    await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await form.getByLabel('Carrier').fill('UPS');
    await form.getByRole('button', { name: 'Update status' }).click();
    await expect(desk.page.getByText(`Order ${orderNumber} is now shipped`)).toBeVisible();
  } finally {
    await desk.close();
  }

  // The member's page follows without a reload.
  await expect(card.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await card.getByText(`Details of order ${orderNumber}`).click();
  await expect(card.getByText('1Z999AA10123456784')).toBeVisible();
});
