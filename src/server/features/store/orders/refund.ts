import type { OrderStatus } from '../../../../shared/store';
import { recordActivity } from '../../../platform/activity';
import type { AppContext, RequestMeta } from '../../../platform/context';
import type { SessionUser } from '../../../platform/sessions';
import { type Payments, withdrawRefund } from '../../payments/service';
import * as repository from './repository';

/**
 * The money of an order an admin has just cancelled or refunded, whose move and ledger refund are committed
 * already (decision 0022): only the move that won the order gets here, so a shipment that won instead never
 * sees its money go back. Should the provider refuse, the order goes back to where it stood, the ledger's
 * refund is withdrawn and the refusal is answered. Once the money is back, the order's stock is for sale again.
 */
export async function refundMovedOrder(
  ctx: Pick<AppContext, 'db'>,
  payments: Payments,
  move: {
    found: repository.OrderRow;
    to: OrderStatus;
    refundId: string;
    caller: SessionUser;
    meta: RequestMeta;
  },
) {
  const { order, items } = move.found;
  try {
    // One key per attempt: a retry after a refusal is a new request, and the provider never refunds a
    // payment beyond what it took, so a refund that went through unseen cannot be made twice.
    await payments.provider.refund(order.paymentIntentId, order.totalCents, move.refundId);
  } catch (error) {
    await ctx.db.transaction(async (tx) => {
      await repository.moveBack(tx, order, move.to);
      await withdrawRefund(tx, move.refundId);
      await recordActivity(tx, {
        actorId: move.caller.id,
        action: 'order.refund_failed',
        entityType: 'order',
        entityId: order.id,
        outcome: 'failure',
        ipAddress: move.meta.ipAddress,
        details: { from: order.status, to: move.to },
      });
    });
    throw error;
  }
  await ctx.db.transaction((tx) => repository.releaseStock(tx, { id: order.id, items }));
}
