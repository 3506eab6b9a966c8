import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

// Journeys of two people at two browsers, each many screens long.
test.setTimeout(180_000);

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

/** The catalogue is the admin's: a product added on /admin/orders is in the store, and hiding it takes it out. */
test('an admin adds a product with two variants, a member sees it in the store, and hiding it takes it out', async ({
  page,
  loginAs,
  browser,
  request,
}) => {
  const name = `Harbour Tote ${Date.now().toString(36)}`;
  const sku = name.replaceAll(' ', '-').toUpperCase();
  const admin = await demoLogin(request, 'admin');
  const desk = await personAt(browser, admin.token, '/admin/orders');
  try {
    await desk.page.getByRole('button', { name: 'New product' }).click();
    const dialog = desk.page.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Category').selectOption('equipment');
    const first = dialog.getByRole('group', { name: 'Variant 1' });
    await first.getByLabel('SKU').fill(`${sku}-NAT`);
    await first.getByLabel('Colour').fill('Natural');
    await first.getByLabel('Price ($)').fill('18');
    await first.getByLabel('Stock').fill('12');
    await dialog.getByRole('button', { name: 'Add a variant' }).click();
    const second = dialog.getByRole('group', { name: 'Variant 2' });
    await second.getByLabel('SKU').fill(`${sku}-BLK`);
    await second.getByLabel('Colour').fill('Black');
    await second.getByLabel('Price ($)').fill('19.50');
    await second.getByLabel('Stock').fill('4');
    expect(await seriousViolations(desk.page), 'new product dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(desk.page.getByText(`Added ${name} to the store`)).toBeVisible();

    await loginAs('member', { path: '/store' });
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByLabel('Colour').selectOption('Black');
    await expect(page.getByText('4 in stock')).toBeVisible();
    const productPath = new URL(page.url()).pathname;

    await desk.page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = desk.page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Show in the store').uncheck();
    await edit.getByRole('button', { name: 'Save product' }).click();
    await expect(desk.page.getByText(`Saved ${name}`)).toBeVisible();

    await page.goto('/store');
    await expect(page.getByRole('link', { name: 'Recovery Crew T-shirt' })).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
    await page.goto(productPath);
    await expect(page.getByText('Product not found')).toBeVisible();
  } finally {
    await desk.close();
  }
});
