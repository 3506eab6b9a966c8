import type { ProductCategory } from '../../../../shared/store';
import type { Tx } from '../../../db/client';
import * as repository from './repository';

/**
 * The demo products' pictures: drawn SVG illustrations of each product, served as static files from the web
 * app's public folder (src/web/public/products), so no script bundle carries them.
 */
const picture = (slug: string) => `/products/${slug}.svg`;

type DemoProduct = {
  slug: string;
  name: string;
  description: string;
  category: ProductCategory;
  imageUrl: string;
  variants: Array<{ sku: string; size?: string; colour?: string; priceCents: number; stock: number }>;
};

const tees = (prefix: string, colours: string[], priceCents: number) =>
  colours.flatMap((colour) =>
    ['S', 'M', 'L', 'XL'].map((size) => ({
      sku: `${prefix}-${colour.slice(0, 3).toUpperCase()}-${size}`,
      size,
      colour,
      priceCents,
      stock: size === 'XL' ? 4 : 12,
    })),
  );

/** The demo catalogue: a handful of the clinic's merchandise, always the same. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'recovery-tee',
    name: 'Recovery Crew T-shirt',
    description: 'Soft organic cotton tee with the clinic logo. Wear it to your next session.',
    category: 'apparel',
    imageUrl: picture('recovery-tee'),
    variants: tees('TEE', ['Navy', 'Heather Grey'], 2400),
  },
  {
    slug: 'move-well-tee',
    name: 'Move Well Performance Tee',
    description: 'Light, breathable training shirt that dries fast.',
    category: 'apparel',
    imageUrl: picture('move-well-tee'),
    variants: tees('PERF', ['Forest', 'Black'], 3200),
  },
  {
    slug: 'clinic-mug',
    name: 'Clinic Ceramic Mug',
    description: 'A 12 oz stoneware mug for the morning stretch routine.',
    category: 'drinkware',
    imageUrl: picture('clinic-mug'),
    variants: [
      { sku: 'MUG-WHITE', colour: 'White', priceCents: 1400, stock: 25 },
      { sku: 'MUG-SAND', colour: 'Sand', priceCents: 1400, stock: 18 },
    ],
  },
  {
    slug: 'water-bottle',
    name: 'Insulated Water Bottle',
    description: 'Keeps water cold for 24 hours; 750 ml, leak-proof lid.',
    category: 'drinkware',
    imageUrl: picture('water-bottle'),
    variants: [
      { sku: 'BOTTLE-TEAL', colour: 'Teal', priceCents: 2800, stock: 15 },
      { sku: 'BOTTLE-SLATE', colour: 'Slate', priceCents: 2800, stock: 10 },
    ],
  },
  {
    slug: 'resistance-bands',
    name: 'Resistance Band Set',
    description: 'Five latex-free bands from extra light to heavy, as used in your home programme.',
    category: 'equipment',
    imageUrl: picture('resistance-bands'),
    variants: [{ sku: 'BANDS-SET5', priceCents: 3500, stock: 20 }],
  },
];

/** Seeds the demo catalogue; products already there (by slug) are left alone, so seeding twice adds nothing. */
export async function seedDemoProducts(tx: Tx) {
  const existing = new Set(
    await repository.slugsTaken(
      tx,
      DEMO_PRODUCTS.map((product) => product.slug),
    ),
  );
  let added = 0;
  for (const demo of DEMO_PRODUCTS) {
    if (existing.has(demo.slug)) continue;
    const productId = await repository.insertProduct(tx, {
      slug: demo.slug,
      name: demo.name,
      description: demo.description,
      category: demo.category,
      imageUrl: demo.imageUrl,
    });
    await repository.insertVariants(
      tx,
      demo.variants.map((variant, position) => ({
        productId,
        sku: variant.sku,
        size: variant.size ?? null,
        colour: variant.colour ?? null,
        priceCents: variant.priceCents,
        stock: variant.stock,
        position,
      })),
    );
    added += 1;
  }
  return added;
}
