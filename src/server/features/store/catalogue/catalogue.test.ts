import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, STORE_ERRORS } from '../../../../shared/store';
import { billingSettings } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { storeCalls } from '../testing';

/** The catalogue through the real app: browsing for everyone signed in, changes for admins. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(billingSettings)
    .values({ id: 'clinic', taxRateBasisPoints: 825, paymentTermsDays: 30 })
    .onConflictDoUpdate({ target: billingSettings.id, set: { taxRateBasisPoints: 825 } });
});
afterAll(() => t.close());

const { as, productInput, makeProduct } = storeCalls(() => t);

describe('the catalogue', () => {
  it('lets every signed-in role browse, search and filter, and sends visitors away', async () => {
    const product = await makeProduct({ name: 'Searchable Hoodie Zq' });
    for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const) {
      const response = await as(role, { method: 'GET', url: '/api/products?search=hoodie%20zq' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ products: Product[] }>().products.map((p) => p.id)).toEqual([product.id]);
    }
    const drinkware = await as('member', { method: 'GET', url: '/api/products?category=drinkware' });
    expect(drinkware.json<{ products: Product[] }>().products.every((p) => p.category === 'drinkware')).toBe(
      true,
    );
    expect((await as('visitor', { method: 'GET', url: '/api/products' })).statusCode).toBe(401);
    expect((await as('member', { method: 'GET', url: '/api/products?category=hats' })).statusCode).toBe(400);
  });

  it('lets only admins add and change products; a hidden product is 404 to shoppers', async () => {
    for (const role of ['patient', 'member', 'staff', 'practitioner'] as const)
      expect(
        (await as(role, { method: 'POST', url: '/api/products', payload: productInput() })).statusCode,
      ).toBe(403);
    const product = await makeProduct();
    expect(product.fromPriceCents).toBe(2500);
    const patch = await as('member', {
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { active: false },
    });
    expect(patch.statusCode).toBe(403);
    const hidden = await as('admin', {
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { active: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await as('member', { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await as('admin', { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    const stock = await as('admin', {
      method: 'PATCH',
      url: `/api/products/${product.id}/variants/${product.variants[0].id}`,
      payload: { stock: 3, priceCents: 2600 },
    });
    expect(stock.json<{ product: Product }>().product.variants[0]).toMatchObject({
      stock: 3,
      priceCents: 2600,
    });
    const staffStock = await as('staff', {
      method: 'PATCH',
      url: `/api/products/${product.id}/variants/${product.variants[0].id}`,
      payload: { stock: 30 },
    });
    expect(staffStock.statusCode).toBe(403);
  });

  it.each([
    ['name', { name: '' }, STORE_ERRORS.name],
    ['name', { name: 'x'.repeat(121) }, STORE_ERRORS.nameTooLong],
    ['description', { description: 'd'.repeat(2001) }, STORE_ERRORS.description],
    ['category', { category: 'hats' }, STORE_ERRORS.category],
    ['imageUrl', { imageUrl: 'https://evil.example/x.png' }, STORE_ERRORS.image],
    ['variants', { variants: [] }, STORE_ERRORS.variants],
    ['variants.0.priceCents', { variants: [{ sku: 'A-1', priceCents: 0, stock: 1 }] }, STORE_ERRORS.price],
    ['variants.0.priceCents', { variants: [{ sku: 'A-1', priceCents: 12.5, stock: 1 }] }, STORE_ERRORS.price],
    ['variants.0.stock', { variants: [{ sku: 'A-1', priceCents: 100, stock: -1 }] }, STORE_ERRORS.stock],
    ['variants.0.sku', { variants: [{ sku: 'bad sku!', priceCents: 100, stock: 1 }] }, STORE_ERRORS.sku],
    [
      'variants.0.size',
      { variants: [{ sku: 'A-1', size: 's'.repeat(41), priceCents: 100, stock: 1 }] },
      STORE_ERRORS.option,
    ],
  ])('refuses a bad %s with 400 and its message', async (field, overrides, message) => {
    const response = await as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: productInput(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses bad changes to a product or a variant with 400, and unknown ones with 404', async () => {
    const product = await makeProduct();
    const variantUrl = `/api/products/${product.id}/variants/${product.variants[0].id}`;
    const cases: Array<[string, unknown, string, string]> = [
      [`/api/products/${product.id}`, { name: '' }, 'name', STORE_ERRORS.name],
      [`/api/products/${product.id}`, { category: 'hats' }, 'category', STORE_ERRORS.category],
      [`/api/products/${product.id}`, { imageUrl: 'javascript:alert(1)' }, 'imageUrl', STORE_ERRORS.image],
      [variantUrl, { stock: -1 }, 'stock', STORE_ERRORS.stock],
      [variantUrl, { stock: 1.5 }, 'stock', STORE_ERRORS.stock],
      [variantUrl, { priceCents: 0 }, 'priceCents', STORE_ERRORS.price],
      [variantUrl, { priceCents: '10' }, 'priceCents', STORE_ERRORS.price],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await as('admin', { method: 'PATCH', url, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    expect(
      (await as('admin', { method: 'PATCH', url: `/api/products/${product.id}`, payload: { colour: 'x' } }))
        .statusCode,
    ).toBe(400);
    const nothing = await as('admin', { method: 'PATCH', url: variantUrl, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain(STORE_ERRORS.variantNothingToChange);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as('admin', { method: 'PATCH', url: `/api/products/${unknown}`, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as('admin', {
          method: 'PATCH',
          url: `/api/products/${product.id}/variants/${unknown}`,
          payload: { stock: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as('member', { method: 'GET', url: '/api/products/not-an-id' })).statusCode).toBe(400);
    expect((await as('member', { method: 'GET', url: `/api/orders/${unknown}` })).statusCode).toBe(404);
  });

  it('refuses a SKU already used with 409', async () => {
    const product = await makeProduct();
    const again = await as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: productInput({ variants: [{ sku: product.variants[0].sku, priceCents: 100, stock: 1 }] }),
    });
    expect(again.statusCode).toBe(409);
  });
});
