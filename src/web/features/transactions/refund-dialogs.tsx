import { useState } from 'react';
import { toast } from 'sonner';
import { refundableCents, type Transaction } from '../../../shared/transactions';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { PaymentRefundDialog } from '../billing';
import { useRefundDonation, useRefundEventSeat, useRefundInvoicePayment, useRefundOrder } from './api';

/** The longest reason kept with an order's or an event seat's refund. */
const REFUND_REASON_MAX = 500;

/** What the donation refund needs to say and do. */
export type RefundableDonation = { donationId: string; amountCents: number; donorName: string };

/** A donation is refunded whole: the admin only confirms. */
export function DonationRefundDialog({
  donation,
  onClose,
}: {
  donation: RefundableDonation;
  onClose: () => void;
}) {
  const refund = useRefundDonation();
  return (
    <FullRefundDialog
      thing="donation"
      title="Refund this donation?"
      amountCents={donation.amountCents}
      payerName={donation.donorName}
      consequence="A donation is refunded in full, and this cannot be undone."
      fallbackError="The donation could not be refunded."
      pending={refund.isPending}
      onConfirm={() => refund.mutateAsync(donation.donationId)}
      onClose={onClose}
    />
  );
}

type FullRefundDialogProps = {
  /** 'order' gives 'Close refund order' and 'Keep order'. */
  thing: string;
  title: string;
  amountCents: number;
  payerName: string;
  /** What else the refund does, said after the money goes back to the card. */
  consequence: string;
  fallbackError: string;
  pending: boolean;
  /** With `reason`, an optional reason is asked for and handed over trimmed. */
  reason?: { maxLength: number };
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

/**
 * A payment refunded whole to the card it came from, after confirming: a donation, a store order or an event
 * seat. The server's refusal is shown in the dialog, which stays open.
 */
function FullRefundDialog(props: FullRefundDialogProps) {
  const { thing, pending, onClose } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(props.amountCents);
  const confirm = async () => {
    setError(null);
    try {
      await props.onConfirm(reason.trim());
      toast.success(`Refunded ${amount} to ${props.payerName}`);
      onClose();
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : props.fallbackError);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={`Close refund ${thing}`}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>
            {amount} from {props.payerName} goes back to the card it was paid with. {props.consequence}
          </DialogDescription>
        </DialogHeader>
        {props.reason ? (
          <FormField label="Reason (optional)">
            <Input
              value={reason}
              maxLength={props.reason.maxLength}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
        ) : null}
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep {thing}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={pending}>
            {pending ? <Spinner /> : null}
            Refund {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Part or all of what is left of an invoice payment, from the ledger. */
export function InvoiceRefundDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction;
  onClose: () => void;
}) {
  const refund = useRefundInvoicePayment();
  const invoice = transaction.invoiceNumber ?? 'the invoice';
  return (
    <PaymentRefundDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Refund a payment of ${transaction.invoiceNumber}`}
      description={`${formatMoney(transaction.amountCents)} paid by ${transaction.payerName}${
        transaction.refundedCents > 0 ? `, ${formatMoney(transaction.refundedCents)} already refunded` : ''
      }. A card paid online is refunded to the card; cash and cheques are recorded as paid back.`}
      closeLabel="Close refund payment"
      leftCents={refundableCents(transaction)}
      amountLabel="Amount to refund ($)"
      done={(cents) => `Refunded ${formatMoney(cents)} of ${invoice}`}
      refund={(input) =>
        refund.mutateAsync({ invoiceId: transaction.invoiceId ?? '', paymentId: transaction.id, ...input })
      }
      pending={refund.isPending}
    />
  );
}

/**
 * A store order's payment is refunded through the order: in full, with its stock put back and the buyer told;
 * the server refuses an order that cannot be refunded (already cancelled or refunded).
 */
export function OrderRefundDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction;
  onClose: () => void;
}) {
  const refund = useRefundOrder();
  return (
    <FullRefundDialog
      thing="order"
      title={`Refund ${transaction.paidFor}?`}
      amountCents={transaction.amountCents}
      payerName={transaction.payerName}
      consequence="The order becomes Refunded and its items go back into stock. This cannot be undone."
      fallbackError="The order could not be refunded."
      pending={refund.isPending}
      reason={{ maxLength: REFUND_REASON_MAX }}
      onConfirm={(reason) => refund.mutateAsync({ orderId: transaction.orderId ?? '', reason })}
      onClose={onClose}
    />
  );
}

/**
 * An event seat's payment is refunded through the event: in full, with the member's registration cancelled,
 * the seat offered to the waitlist and the member told.
 */
export function EventRefundDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction;
  onClose: () => void;
}) {
  const refund = useRefundEventSeat();
  return (
    <FullRefundDialog
      thing="seat"
      title={`Refund ${transaction.paidFor}?`}
      amountCents={transaction.amountCents}
      payerName={transaction.payerName}
      consequence="Their registration is cancelled and the seat is offered to the waitlist. This cannot be undone."
      fallbackError="The event seat could not be refunded."
      pending={refund.isPending}
      reason={{ maxLength: REFUND_REASON_MAX }}
      onConfirm={(reason) =>
        refund.mutateAsync({
          eventId: transaction.eventId ?? '',
          registrationId: transaction.eventRegistrationId ?? '',
          reason,
        })
      }
      onClose={onClose}
    />
  );
}
