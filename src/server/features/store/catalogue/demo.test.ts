import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_PRODUCTS, seedDemoProducts } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('seeds the clinic merchandise once; seeding again adds nothing', async () => {
    const first = await t.database.db.transaction((tx) => seedDemoProducts(tx));
    const second = await t.database.db.transaction((tx) => seedDemoProducts(tx));
    expect(first).toBe(DEMO_PRODUCTS.length);
    expect(second).toBe(0);
    const [{ value: productCount }] = await t.database.db.select({ value: count() }).from(products);
    const [{ value: variantCount }] = await t.database.db.select({ value: count() }).from(productVariants);
    expect(productCount).toBe(DEMO_PRODUCTS.length);
    expect(variantCount).toBe(DEMO_PRODUCTS.reduce((sum, product) => sum + product.variants.length, 0));
    const shopper = await t.injectAs('member', { method: 'GET', url: '/api/products?category=apparel' });
    const tee = shopper
      .json()
      .products.find((product: { name: string }) => product.name === 'Recovery Crew T-shirt');
    expect(tee.variants.map((variant: { size: string }) => variant.size)).toContain('M');
    expect(tee.imageUrl).toBe('/products/recovery-tee.svg');
  });

  it('pictures each product with a drawing served from the web app’s public folder', () => {
    for (const product of DEMO_PRODUCTS) {
      const file = join(import.meta.dirname, '../../../../web/public', product.imageUrl);
      const svg = readFileSync(file, 'utf8');
      expect(svg, product.slug).toMatch(/^<svg [^>]*role="img"/);
      expect(svg, product.slug).toMatch(/<title id="t">[^<]{10,}<\/title>/);
    }
  });
});
