import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORE_ERRORS } from '../../../shared/store';
import { fakeStoreServer, order, product } from '../../test/fake-store-server';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';

const tee = () => product();
const mug = () =>
  product({
    name: 'Clinic Ceramic Mug',
    category: 'drinkware',
    variants: [
      { id: 'v-mug-w', sku: 'MUG-W', size: null, colour: 'White', priceCents: 1400, stock: 8 },
      { id: 'v-mug-s', sku: 'MUG-S', size: null, colour: 'Sand', priceCents: 1500, stock: 3 },
    ],
  });
const bodiesOf = (server: ReturnType<typeof fakeStoreServer>, method: string, path: string) =>
  server.calls.filter((call) => call.method === method && call.url.startsWith(path)).map((call) => call.body);

describe('the store', { timeout: 20_000 }, () => {
  it('lists the catalogue and narrows it by search and category', async () => {
    const server = fakeStoreServer({ products: [tee(), mug()] });
    renderApp({ path: '/store', role: 'member', handle: server.handle });
    expect(
      await screen.findByRole('link', { name: 'Recovery Crew T-shirt' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clinic Ceramic Mug' })).toBeInTheDocument();
    expect(screen.getByText('From $14.00')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'drinkware');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Recovery Crew T-shirt' })).not.toBeInTheDocument(),
    );
    expect(server.calls.some((call) => call.url === '/api/products?category=drinkware')).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Category'), '');
    await userEvent.type(screen.getByLabelText('Search'), 'crew');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Clinic Ceramic Mug' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Recovery Crew T-shirt' })).toBeInTheDocument();
  });

  it('shows a product with its variants and stock and adds the chosen one to the cart', async () => {
    const item = tee();
    const server = fakeStoreServer({ products: [item] });
    renderApp({ path: `/product/${item.id}`, role: 'patient', handle: server.handle });
    expect(
      await screen.findByRole('heading', { name: 'Recovery Crew T-shirt' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('5 in stock')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'L');
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'M');
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(bodiesOf(server, 'POST', '/api/cart/items')).toEqual([
        { variantId: item.variants[0].id, quantity: 2 },
      ]),
    );
    expect(await screen.findByRole('link', { name: 'Cart (2 items)' })).toBeInTheDocument();
  });

  it('sells a made-to-order variant (no stock figure) without ever calling it sold out', async () => {
    const item = product({
      name: 'Printed Clinic Hoodie',
      variants: [
        { id: 'v-pod-m', sku: 'PF-9001', size: 'M', colour: 'Black', priceCents: 4200, stock: null },
      ],
    });
    const server = fakeStoreServer({ products: [item] });
    renderApp({ path: `/product/${item.id}`, role: 'member', handle: server.handle });
    expect(await screen.findByText('Made to order')).toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveAttribute('max', '20');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(bodiesOf(server, 'POST', '/api/cart/items')).toEqual([{ variantId: 'v-pod-m', quantity: 12 }]),
    );
  });

  it('answers an unknown product with its message', async () => {
    const server = fakeStoreServer({ products: [] });
    renderApp({
      path: '/product/8a1d3c52-0000-4000-8000-000000000000',
      role: 'member',
      handle: server.handle,
    });
    expect(
      await screen.findByText(STORE_ERRORS.productNotFound, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('checkout', { timeout: 30_000 }, () => {
  it('shows the server’s totals, checks the address, pays by card and shows the order', async () => {
    const item = mug();
    const server = fakeStoreServer({
      products: [item],
      cart: [
        { id: 'c1', variantId: 'v-mug-w', quantity: 2 },
        { id: 'c2', variantId: 'v-mug-s', quantity: 1 },
      ],
    });
    renderApp({ path: '/checkout', role: 'member', handle: server.handle });
    expect(
      await screen.findByText(/Clinic Ceramic Mug \(White\)/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // 2 × $14 + $15 = $43; tax 8.25% = $3.55; shipping $7.95 below $75.
    expect(screen.getByText('$43.00')).toBeInTheDocument();
    expect(screen.getByText('$3.55')).toBeInTheDocument();
    expect(screen.getByText('$7.95')).toBeInTheDocument();
    expect(screen.getByText('$54.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Clinic Ceramic Mug Sand' }));
    await waitFor(() => expect(screen.queryByText(/Clinic Ceramic Mug \(Sand\)/)).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(STORE_ERRORS.addressName)).toBeInTheDocument();
    expect(screen.getByText(STORE_ERRORS.addressPostalCode)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(server, 'POST', '/api/orders/checkout')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Full name'), 'Sam Member');
    await userEvent.type(screen.getByLabelText('Street address'), '1 Harbour Road');
    await userEvent.type(screen.getByLabelText('City'), 'Portland');
    await userEvent.type(screen.getByLabelText('State or region'), 'OR');
    await userEvent.type(screen.getByLabelText('Postal code'), '97201');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const number = await screen.findByLabelText('Card number', undefined, { timeout: 10_000 });
    const [sent] = bodiesOf(server, 'POST', '/api/orders/checkout') as Array<Record<string, unknown>>;
    expect(Object.keys(sent)).toEqual(['shippingAddress']);
    await userEvent.type(number, '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    expect(
      await screen.findByRole('heading', { name: 'Order ORD-000001' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 × Clinic Ceramic Mug (White)')).toBeInTheDocument();
  });
});

describe('orders', { timeout: 20_000 }, () => {
  it('shows the buyer’s orders and follows a status change live', async () => {
    const mine = order();
    const server = fakeStoreServer({ orders: [mine] });
    renderApp({ path: '/orders', role: 'member', handle: server.handle });
    const heading = await screen.findByRole('heading', { name: 'Order ORD-000001' }, { timeout: 10_000 });
    const card = heading.closest('section') as HTMLElement;
    expect(within(card).getAllByText('Paid').length).toBeGreaterThan(0);
    const socket = WebSocketStub.instances.find((candidate) =>
      candidate.url.includes('channel=notifications'),
    );
    socket?.accept();
    mine.status = 'shipped';
    mine.trackingNumber = '1Z999';
    mine.carrier = 'UPS';
    socket?.receive({ type: 'orders_changed', orderId: mine.id });
    expect((await within(card).findAllByText('Shipped')).length).toBeGreaterThan(0);
  });

  it('lets an admin ship an order only with a tracking number and carrier', async () => {
    const paid = order({ buyerName: 'Sam Member' });
    const server = fakeStoreServer({ orders: [paid] });
    renderApp({ path: '/admin/orders', role: 'admin', handle: server.handle });
    const form = await screen.findByRole('form', { name: 'Move order ORD-000001' }, { timeout: 10_000 });
    await userEvent.selectOptions(within(form).getByLabelText('New status'), 'shipped');
    await userEvent.click(within(form).getByRole('button', { name: 'Update status' }));
    expect(await within(form).findByText(STORE_ERRORS.trackingRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Tracking number'), '1Z999');
    await userEvent.type(within(form).getByLabelText('Carrier'), 'UPS');
    await userEvent.click(within(form).getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(paid.status).toBe('shipped'));
    expect(bodiesOf(server, 'POST', `/api/admin/orders/${paid.id}/status`).at(-1)).toEqual({
      status: 'shipped',
      trackingNumber: '1Z999',
      carrier: 'UPS',
    });
  });

  it('lets an admin set a variant’s price and stock', async () => {
    const item = tee();
    const server = fakeStoreServer({ products: [item] });
    renderApp({ path: '/admin/orders', role: 'admin', handle: server.handle });
    const stock = await screen.findByLabelText('Stock of Recovery Crew T-shirt M / Navy', undefined, {
      timeout: 10_000,
    });
    await userEvent.clear(stock);
    await userEvent.type(stock, '40');
    const price = screen.getByLabelText('Price of Recovery Crew T-shirt M / Navy ($)');
    await userEvent.clear(price);
    await userEvent.type(price, '25.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Recovery Crew T-shirt M / Navy' }));
    await waitFor(() =>
      expect(bodiesOf(server, 'PATCH', `/api/products/${item.id}/variants/`)).toEqual([
        { priceCents: 2550, stock: 40 },
      ]),
    );
    expect(item.variants[0]).toMatchObject({ priceCents: 2550, stock: 40 });
  });

  it('lets an admin set only the price of a made-to-order variant', async () => {
    const item = product({
      name: 'Printed Clinic Hoodie',
      variants: [{ id: 'v-pod-m', sku: 'PF-9001', size: 'M', colour: null, priceCents: 4200, stock: null }],
    });
    const server = fakeStoreServer({ products: [item] });
    renderApp({ path: '/admin/orders', role: 'admin', handle: server.handle });
    const price = await screen.findByLabelText('Price of Printed Clinic Hoodie M ($)');
    expect(screen.getByText('Made to order')).toBeInTheDocument();
    expect(screen.queryByLabelText('Stock of Printed Clinic Hoodie M')).not.toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '44');
    await userEvent.click(screen.getByRole('button', { name: 'Save Printed Clinic Hoodie M' }));
    await waitFor(() =>
      expect(bodiesOf(server, 'PATCH', `/api/products/${item.id}/variants/`)).toEqual([{ priceCents: 4400 }]),
    );
    expect(item.variants[0]).toMatchObject({ priceCents: 4400, stock: null });
  });

  it('lets an admin add a product with two variants, the server’s refusal shown on its field', async () => {
    const server = fakeStoreServer({ products: [tee()] });
    renderApp({ path: '/admin/orders', role: 'admin', handle: server.handle });
    await userEvent.click(await screen.findByRole('button', { name: 'New product' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(STORE_ERRORS.name);
    expect(within(dialog).getByLabelText('Category')).toHaveAccessibleDescription('Choose a category');
    expect(bodiesOf(server, 'POST', '/api/products')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Clinic Hoodie');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'apparel');
    const first = within(dialog).getByRole('group', { name: 'Variant 1' });
    await userEvent.type(within(first).getByLabelText('SKU'), 'TEE-NAV-M');
    await userEvent.type(within(first).getByLabelText('Size'), 'M');
    await userEvent.type(within(first).getByLabelText('Price ($)'), '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a variant' }));
    const second = within(dialog).getByRole('group', { name: 'Variant 2' });
    await userEvent.type(within(second).getByLabelText('SKU'), 'HOOD-L');
    await userEvent.type(within(second).getByLabelText('Size'), 'L');
    await userEvent.type(within(second).getByLabelText('Price ($)'), '47.50');
    await userEvent.clear(within(second).getByLabelText('Stock'));
    await userEvent.type(within(second).getByLabelText('Stock'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findByText(STORE_ERRORS.skuTaken, { selector: 'p' })).toBeInTheDocument();

    await userEvent.clear(within(first).getByLabelText('SKU'));
    await userEvent.type(within(first).getByLabelText('SKU'), 'HOOD-M');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Added Clinic Hoodie to the store')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', '/api/products').at(-1)).toEqual({
      name: 'Clinic Hoodie',
      description: '',
      category: 'apparel',
      active: true,
      variants: [
        { sku: 'HOOD-M', size: 'M', colour: null, priceCents: 4500, stock: 0 },
        { sku: 'HOOD-L', size: 'L', colour: null, priceCents: 4750, stock: 3 },
      ],
    });
    expect(await screen.findByLabelText('Stock of Clinic Hoodie L')).toHaveValue(3);
  });

  it('lets an admin hide a product from the store', async () => {
    const item = tee();
    const server = fakeStoreServer({ products: [item] });
    renderApp({ path: '/admin/orders', role: 'admin', handle: server.handle });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Recovery Crew T-shirt' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Recovery Crew T-shirt' });
    await userEvent.click(within(dialog).getByLabelText('Show in the store'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(item.active).toBe(false));
    expect(bodiesOf(server, 'PATCH', `/api/products/${item.id}`).at(-1)).toMatchObject({ active: false });
    expect(await screen.findByText('Hidden')).toBeInTheDocument();
  });

  it('sends a non-admin away from the admin orders page', async () => {
    const server = fakeStoreServer({ orders: [order()] });
    const { router } = renderApp({ path: '/admin/orders', role: 'member', handle: server.handle });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    expect(server.calls.some((call) => call.url.startsWith('/api/admin/orders'))).toBe(false);
  });
});
