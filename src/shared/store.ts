import { z } from 'zod';
import { oneLine } from './one-line';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './vocabulary/store';

export * from './vocabulary/store';

/**
 * The clinic's store: a catalogue of merchandise, a cart kept per user on the server, checkout by card and the
 * orders that follow. Every price, total, tax and shipping amount is computed by the server from the catalogue;
 * the browser only ever sends which variant and how many.
 */

export const STORE_CURRENCY = 'usd';
export const PRODUCT_CATEGORIES = ['apparel', 'drinkware', 'equipment'] as const;
export const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof ProductCategorySchema>;
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  apparel: 'Apparel',
  drinkware: 'Drinkware',
  equipment: 'Equipment',
};

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * Where an admin may move an order from each status; anything else is refused with 409. pending becomes paid
 * only through its card payment settling, never by hand. Cancelling or refunding a paid order gives the money
 * back through the provider and puts its stock back.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  paid: ['in_production', 'shipped', 'cancelled', 'refunded'],
  in_production: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/** Flat shipping for an order below the free-shipping threshold (cents). */
export const SHIPPING_FLAT_CENTS = 795;
/** An order whose subtotal is at least this much (cents) ships free. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 7500;
export const CART_MAX_QUANTITY = 20;
/** A checkout not paid within this long is cancelled (nothing was charged, and it never held stock). */
export const ORDER_UNPAID_TTL_MS = 24 * 60 * 60 * 1000;
/** How often each instance looks for such checkouts. */
export const ORDER_UNPAID_SWEEP_MS = 15 * 60 * 1000;
export const ORDER_UNPAID_NOTE = 'Not paid within a day, so it was cancelled; nothing was charged.';
export const CART_MAX_LINES = 30;
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_IMAGE_MAX = 20_000;
export const VARIANT_OPTION_MAX = 40;
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;
export const PRODUCT_STOCK_MAX = 100_000;
export const STORE_SEARCH_MAX = 100;
export const TRACKING_NUMBER_MAX = 100;
export const CARRIER_MAX = 60;

/** ORD-000123 */
export const orderNumberText = (number: number) => `ORD-${String(number).padStart(6, '0')}`;

/** Shipping for a subtotal: free at or above the threshold, else the flat rate; nothing for an empty cart. */
export const shippingFor = (subtotalCents: number) =>
  subtotalCents === 0 || subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_FLAT_CENTS;
/** Tax on the subtotal at a rate in basis points, rounded half up to the cent. */
export const taxFor = (subtotalCents: number, rateBasisPoints: number) =>
  Math.round((subtotalCents * rateBasisPoints) / 10_000);

export const STORE_ERRORS = {
  productNotFound: 'Product not found',
  variantNotFound: 'That option is not available',
  variantNothingToChange: 'Give a new price or stock',
  cartItemNotFound: 'Cart item not found',
  orderNotFound: 'Order not found',
  notPending: 'This order is no longer waiting to be paid',
  quantity: `Quantity must be a whole number from 1 to ${CART_MAX_QUANTITY}`,
  tooManyLines: `A cart holds at most ${CART_MAX_LINES} different items`,
  outOfStock: 'Not enough stock for an item in your cart',
  emptyCart: 'Your cart is empty',
  transition: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}`,
  trackingRequired: 'Enter the tracking number',
  carrierRequired: 'Enter the carrier',
  notSucceeded: 'The payment has not succeeded',
  amountMismatch: 'The payment does not match the order',
  name: 'Enter a name',
  nameTooLong: `Name must be at most ${PRODUCT_NAME_MAX} characters`,
  description: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  category: `Category must be one of ${PRODUCT_CATEGORIES.join(', ')}`,
  image: 'Image must be a path under /store/ or an inline SVG image',
  price: 'Price must be a whole number of cents from 1 to 1,000,000',
  stock: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX.toLocaleString('en-US')}`,
  variants: 'A product needs at least one variant (at most 50)',
  sku: 'SKU must be 1 to 60 letters, digits or dashes',
  skuTaken: 'That SKU is already used',
  option: `Size and colour must be at most ${VARIANT_OPTION_MAX} characters`,
  addressName: 'Enter the name to ship to',
  addressLine1: 'Enter the street address',
  addressCity: 'Enter the city',
  addressRegion: 'Enter the state or region',
  addressPostalCode: 'Enter a valid postal code',
  addressCountry: 'Enter the country as a two-letter code (e.g. US)',
  addressPhone: 'Enter a valid phone number',
  addressTooLong: 'This field is too long',
  search: `Search must be at most ${STORE_SEARCH_MAX} characters`,
  reason: 'A reason must be at most 500 characters',
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, STORE_ERRORS.addressTooLong)
    .check(oneLine('This field'));

/** The shipping address at checkout; the same schema checks the browser's form and the server's input. */
export const ShippingAddressSchema = z.strictObject({
  name: requiredText(STORE_ERRORS.addressName, 100),
  line1: requiredText(STORE_ERRORS.addressLine1, 200),
  line2: z
    .string({ error: STORE_ERRORS.addressTooLong })
    .trim()
    .max(200, STORE_ERRORS.addressTooLong)
    .check(oneLine('This field'))
    .default(''),
  city: requiredText(STORE_ERRORS.addressCity, 100),
  region: requiredText(STORE_ERRORS.addressRegion, 100),
  postalCode: z
    .string({ error: STORE_ERRORS.addressPostalCode })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/, STORE_ERRORS.addressPostalCode),
  country: z
    .string({ error: STORE_ERRORS.addressCountry })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, STORE_ERRORS.addressCountry),
  phone: z
    .string({ error: STORE_ERRORS.addressPhone })
    .trim()
    .regex(/^$|^\+?[0-9 ()-]{7,20}$/, STORE_ERRORS.addressPhone)
    .default(''),
});
export type ShippingAddressInput = z.input<typeof ShippingAddressSchema>;
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const IdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });
export const VariantParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Must be a valid id' }),
  variantId: z.uuid({ error: 'Must be a valid id' }),
});

const priceCents = z
  .number({ error: STORE_ERRORS.price })
  .int(STORE_ERRORS.price)
  .min(1, STORE_ERRORS.price)
  .max(PRODUCT_PRICE_MAX_CENTS, STORE_ERRORS.price);
const stock = z
  .number({ error: STORE_ERRORS.stock })
  .int(STORE_ERRORS.stock)
  .min(0, STORE_ERRORS.stock)
  .max(PRODUCT_STOCK_MAX, STORE_ERRORS.stock);
const option = z
  .string({ error: STORE_ERRORS.option })
  .trim()
  .max(VARIANT_OPTION_MAX, STORE_ERRORS.option)
  .transform((value) => value || null)
  .nullable()
  .default(null);
const imageUrl = z
  .string({ error: STORE_ERRORS.image })
  .max(PRODUCT_IMAGE_MAX, STORE_ERRORS.image)
  .regex(/^(\/store\/[a-z0-9-]+\.(svg|png|webp)|data:image\/svg\+xml[;,].+)$/, STORE_ERRORS.image);

export const VariantInputSchema = z.strictObject({
  sku: z
    .string({ error: STORE_ERRORS.sku })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,60}$/, STORE_ERRORS.sku),
  size: option,
  colour: option,
  priceCents,
  stock,
});

/** POST /api/products (admin) */
export const CreateProductInputSchema = z.strictObject({
  name: z
    .string({ error: STORE_ERRORS.name })
    .trim()
    .min(1, STORE_ERRORS.name)
    .max(PRODUCT_NAME_MAX, STORE_ERRORS.nameTooLong)
    .check(oneLine('Name')),
  description: z
    .string({ error: STORE_ERRORS.description })
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX, STORE_ERRORS.description)
    .default(''),
  category: z.enum(PRODUCT_CATEGORIES, { error: STORE_ERRORS.category }),
  imageUrl: imageUrl.optional(),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
  variants: z
    .array(VariantInputSchema, { error: STORE_ERRORS.variants })
    .min(1, STORE_ERRORS.variants)
    .max(50, STORE_ERRORS.variants),
});
export type CreateProductInput = z.input<typeof CreateProductInputSchema>;

/** PATCH /api/products/{id} (admin): any of the product's own fields. */
export const UpdateProductInputSchema = CreateProductInputSchema.omit({ variants: true })
  .partial()
  .extend({
    description: z
      .string({ error: STORE_ERRORS.description })
      .trim()
      .max(PRODUCT_DESCRIPTION_MAX, STORE_ERRORS.description)
      .optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .strict();
export type UpdateProductInput = z.input<typeof UpdateProductInputSchema>;

/** PATCH /api/products/{id}/variants/{variantId} (admin): price and stock. */
export const UpdateVariantInputSchema = z
  .strictObject({
    priceCents: priceCents.optional(),
    stock: stock.optional(),
  })
  .refine((input) => input.priceCents !== undefined || input.stock !== undefined, {
    message: STORE_ERRORS.variantNothingToChange,
  });
export type UpdateVariantInput = z.input<typeof UpdateVariantInputSchema>;

/** GET /api/products */
export const ProductsQuerySchema = z.strictObject({
  search: z
    .string({ error: STORE_ERRORS.search })
    .trim()
    .max(STORE_SEARCH_MAX, STORE_ERRORS.search)
    .optional()
    .transform((value) => value || undefined),
  category: z.enum(PRODUCT_CATEGORIES, { error: STORE_ERRORS.category }).optional(),
});
export type ProductsQuery = z.input<typeof ProductsQuerySchema>;

export const VariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  priceCents: z.number().int(),
  /** Null: made to order (print on demand), never sold out. */
  stock: z.number().int().nullable(),
});
export type Variant = z.infer<typeof VariantSchema>;

export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: ProductCategorySchema,
  imageUrl: z.string(),
  active: z.boolean(),
  /** The lowest variant price, for the catalogue's "from" price. */
  fromPriceCents: z.number().int(),
  inStock: z.boolean(),
  variants: z.array(VariantSchema),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductsAnswerSchema = z.object({ products: z.array(ProductSchema) });
export type ProductsAnswer = z.infer<typeof ProductsAnswerSchema>;
export const ProductAnswerSchema = z.object({ product: ProductSchema });
export type ProductAnswer = z.infer<typeof ProductAnswerSchema>;

/** Whether a variant with this stock (null: made to order) can fill this many. */
export const canFill = (stock: number | null, quantity: number) => stock === null || stock >= quantity;
/** The most of a variant one cart line may hold: its stock, or the cart's limit for one made to order. */
export const mostOf = (stock: number | null) => Math.min(CART_MAX_QUANTITY, stock ?? CART_MAX_QUANTITY);

/** A variant's label: "M / Navy", "Navy", "" */
export const variantLabel = (variant: { size: string | null; colour: string | null }) =>
  [variant.size, variant.colour].filter(Boolean).join(' / ');
