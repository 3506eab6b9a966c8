import { z } from 'zod';
import {
  CARRIER_MAX,
  CART_MAX_QUANTITY,
  ORDER_STATUSES,
  OrderStatusSchema,
  ShippingAddressSchema,
  STORE_ERRORS,
  TRACKING_NUMBER_MAX,
} from './store';

/**
 * The store's cart, checkout and orders: the totals are always the server's, computed from the catalogue.
 */

const quantity = z
  .number({ error: STORE_ERRORS.quantity })
  .int(STORE_ERRORS.quantity)
  .min(1, STORE_ERRORS.quantity)
  .max(CART_MAX_QUANTITY, STORE_ERRORS.quantity);
/** POST /api/cart/items: adds to what the cart holds of the variant already. */
export const AddCartItemInputSchema = z.strictObject({
  variantId: z.uuid({ error: STORE_ERRORS.variantNotFound }),
  quantity: quantity.default(1),
});
export type AddCartItemInput = z.input<typeof AddCartItemInputSchema>;
/** PATCH /api/cart/items/{id} */
export const UpdateCartItemInputSchema = z.strictObject({ quantity });

export const TotalsSchema = z.object({
  subtotalCents: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  taxCents: z.number().int(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
});
export type Totals = z.infer<typeof TotalsSchema>;

export const CartItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  productName: z.string(),
  variantLabel: z.string(),
  imageUrl: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  lineTotalCents: z.number().int(),
  /** Null: made to order. */
  stock: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;
export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  currency: z.string(),
  totals: TotalsSchema,
  freeShippingThresholdCents: z.number().int(),
});
export type Cart = z.infer<typeof CartSchema>;

/** POST /api/orders/checkout: the cart becomes a pending order; answers the payment's client secret. */
export const CheckoutInputSchema = z.strictObject({ shippingAddress: ShippingAddressSchema });
export type CheckoutInput = z.input<typeof CheckoutInputSchema>;
export const CheckoutAnswerSchema = z.object({
  orderId: z.string(),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;

/** POST /api/orders/confirm: the browser's word the card went through; believed once the provider agrees. */
export const ConfirmOrderInputSchema = z.strictObject({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .min(1, 'paymentIntentId is required')
    .max(200),
});

export const OrderItemSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  variantLabel: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  lineTotalCents: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatusSchema,
  currency: z.string(),
  totals: TotalsSchema,
  shippingAddress: z.object({
    name: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
  email: z.string(),
  buyerName: z.string(),
  cardLast4: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  statusNote: z.string().nullable(),
  items: z.array(OrderItemSchema),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderAnswerSchema = z.object({ order: OrderSchema });
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;
export const OrdersAnswerSchema = z.object({ orders: z.array(OrderSchema) });
export type OrdersAnswer = z.infer<typeof OrdersAnswerSchema>;

/** GET /api/admin/orders (admin) */
export const AdminOrdersQuerySchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }).optional(),
});

/** POST /api/admin/orders/{id}/status (admin): shipped needs a tracking number and carrier. */
export const MoveOrderInputSchema = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }),
    trackingNumber: z
      .string({ error: STORE_ERRORS.trackingRequired })
      .trim()
      .max(TRACKING_NUMBER_MAX)
      .optional(),
    carrier: z.string({ error: STORE_ERRORS.carrierRequired }).trim().max(CARRIER_MAX).optional(),
    reason: z.string({ error: STORE_ERRORS.reason }).trim().max(500, STORE_ERRORS.reason).optional(),
  })
  .superRefine((input, context) => {
    if (input.status !== 'shipped') return;
    if (!input.trackingNumber)
      context.addIssue({ code: 'custom', path: ['trackingNumber'], message: STORE_ERRORS.trackingRequired });
    if (!input.carrier)
      context.addIssue({ code: 'custom', path: ['carrier'], message: STORE_ERRORS.carrierRequired });
  });
export type MoveOrderInput = z.input<typeof MoveOrderInputSchema>;

/**
 * Pushed on the notifications channel to the buyer and every admin when an order is made, paid or moves on;
 * open order screens fetch again under their own access rules.
 */
export type OrdersChangedEvent = { type: 'orders_changed'; orderId: string };
