import type { ProductCategory } from '../../../../shared/store';
import type { Tx } from '../../../db/client';
import * as repository from './repository';

/** A small inline SVG picture of a product: a shape on a coloured tile. */
function picture(shape: 'shirt' | 'mug' | 'bottle' | 'band', colour: string) {
  const shapes = {
    shirt: '<path d="M40 30l20-10h20l20 10 20 20-15 12-10-8v66H45V54l-10 8-15-12z"/>',
    mug: '<path d="M40 40h50v60a10 10 0 0 1-10 10H50a10 10 0 0 1-10-10z"/><path d="M90 55h10a12 12 0 0 1 0 24H90" fill="none" stroke-width="8" stroke="currentColor"/>',
    bottle: '<path d="M60 20h20v14l8 10v70a6 6 0 0 1-6 6H58a6 6 0 0 1-6-6V44l8-10z"/>',
    band: '<path d="M30 70a40 20 0 1 0 80 0a40 20 0 1 0-80 0zm14 0a26 10 0 1 1 52 0a26 10 0 1 1-52 0z"/>',
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 140 140"><rect width="140" height="140" rx="12" fill="#eef2f7"/><g fill="${colour}" color="${colour}">${shapes[shape]}</g></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

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
    imageUrl: picture('shirt', '#1d4ed8'),
    variants: tees('TEE', ['Navy', 'Heather Grey'], 2400),
  },
  {
    slug: 'move-well-tee',
    name: 'Move Well Performance Tee',
    description: 'Light, breathable training shirt that dries fast.',
    category: 'apparel',
    imageUrl: picture('shirt', '#047857'),
    variants: tees('PERF', ['Forest', 'Black'], 3200),
  },
  {
    slug: 'clinic-mug',
    name: 'Clinic Ceramic Mug',
    description: 'A 12 oz stoneware mug for the morning stretch routine.',
    category: 'drinkware',
    imageUrl: picture('mug', '#b45309'),
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
    imageUrl: picture('bottle', '#0e7490'),
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
    imageUrl: picture('band', '#7c3aed'),
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
