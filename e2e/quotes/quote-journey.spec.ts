import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

// Journeys of two people at two browsers, each many screens long.
test.setTimeout(180_000);

/**
 * A quote from request to paid order: the demo member asks, an admin answers at their own browser with two
 * priced lines (the member's page follows live), and the member accepts and pays the order with the test card.
 */
test('a quote goes from the member’s request to an admin’s answer to a paid order', async ({
  page,
  loginAs,
  browser,
  request,
}) => {
  const title = `Run shirts ${Date.now().toString(36)}`;
  await loginAs('member', { path: '/member/quotes' });
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for a quote' });
  await ask.getByLabel('What is it for?').selectOption('bulk_merchandise');
  await ask.getByLabel('Title').fill(title);
  await ask.getByLabel('Details').fill('40 navy shirts for the charity run, sizes S to XL');
  await ask.getByLabel('Quantity (optional)').fill('40');
  expect(await seriousViolations(page), 'ask for a quote').toEqual([]);
  await ask.getByRole('button', { name: 'Send request' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Waiting for the clinic to answer.');

  const admin = await demoLogin(request, 'admin');
  const desk = await personAt(browser, admin.token, '/admin/quotes?status=requested');
  try {
    await desk.page.getByRole('button', { name: `Answer ${title}` }).click();
    const answer = desk.page.getByRole('dialog', { name: `Answer ${title}` });
    const first = answer.getByRole('group', { name: 'Line 1' });
    await first.getByLabel('Description').fill('Printed navy shirt');
    await first.getByLabel('Quantity').fill('40');
    await first.getByLabel('Unit price ($)').fill('15');
    await answer.getByRole('button', { name: 'Add a line' }).click();
    const second = answer.getByRole('group', { name: 'Line 2' });
    await second.getByLabel('Description').fill('Print set-up');
    await second.getByLabel('Unit price ($)').fill('45');
    await expect(answer.getByText('Total $645.00')).toBeVisible();
    await answer.getByLabel('Message to the member').fill('Printed within two weeks of payment.');
    expect(await seriousViolations(desk.page), 'answer a quote').toEqual([]);
    await answer.getByRole('button', { name: 'Send quote' }).click();
    await expect(desk.page.getByText(`Sent the quote for ${title} to`)).toBeVisible();
  } finally {
    await desk.close();
  }

  // The member's page follows without a reload.
  await expect(card.getByRole('button', { name: 'Accept and pay $645.00' })).toBeVisible();
  await expect(card).toContainText('Printed within two weeks of payment.');
  await card.getByRole('button', { name: 'Accept and pay $645.00' }).click();
  await page
    .getByRole('dialog', { name: 'Accept this quote?' })
    .getByRole('button', { name: 'Accept quote', exact: true })
    .click();
  const pay = page.getByRole('dialog', { name: 'Pay for your quote' });
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM/YY)').fill('12/34');
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: 'Pay $645.00' }).click();
  const paid = page.getByText(/^Paid: order ORD-\d{6} for /);
  await expect(paid).toBeVisible();
  const orderNumber = /ORD-\d{6}/.exec((await paid.textContent()) ?? '')?.[0] ?? 'no order number';
  await expect(card).toContainText(`Order ${orderNumber}: Paid`);

  await card.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/member\/orders$/);
  const order = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) });
  await expect(order.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(order).toContainText('$645.00');
});
