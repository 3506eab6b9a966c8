import { formatMoney } from '../../../../shared/money';
import type { OrderStatus } from '../../../../shared/store';
import type { Order } from '../../../../shared/store-orders';
import type { Ctx } from '../context';

/** Tells the buyer by email of a change to their order that they would want to hear of; a failed send is logged. */
export async function sendOrderEmail(ctx: Ctx, order: Order, change: OrderStatus) {
  if (!order.email) return;
  const lines = order.items
    .map(
      (item) =>
        `${item.quantity} × ${item.productName}${item.variantLabel ? ` (${item.variantLabel})` : ''}: ${formatMoney(item.lineTotalCents)}`,
    )
    .join('\n');
  const summary = `${lines}\n\nSubtotal: ${formatMoney(order.totals.subtotalCents)}\nTax: ${formatMoney(order.totals.taxCents)}\nShipping: ${formatMoney(order.totals.shippingCents)}\nTotal: ${formatMoney(order.totals.totalCents)}`;
  const bodies: Partial<Record<OrderStatus, { subject: string; text: string }>> = {
    paid: {
      subject: `Your order ${order.number} is confirmed`,
      text: `Thank you for your order.\n\nOrder ${order.number}, paid${order.cardLast4 ? ` with the card ending ${order.cardLast4}` : ''}.\n\n${summary}\n\nYou can follow it under My Orders.`,
    },
    shipped: {
      subject: `Your order ${order.number} has shipped`,
      text: `Your order ${order.number} is on its way with ${order.carrier}, tracking number ${order.trackingNumber}.`,
    },
    cancelled: {
      subject: `Your order ${order.number} was cancelled`,
      text: `Your order ${order.number} was cancelled${order.paidAt || order.cardLast4 ? ' and its payment refunded in full' : ''}.${order.statusNote ? `\n\n${order.statusNote}` : ''}`,
    },
    refunded: {
      subject: `Your order ${order.number} was refunded`,
      text: `Your order ${order.number} was refunded: ${formatMoney(order.totals.totalCents)} goes back to your card.`,
    },
  };
  const mail = bodies[change];
  if (!mail) return;
  try {
    await ctx.mailer.send({ to: order.email, ...mail });
  } catch (error) {
    ctx.log.error({ orderId: order.id, err: { message: (error as Error).message } }, 'order email not sent');
  }
}
