import { useId, useState } from 'react';
import { toast } from 'sonner';
import { BILLING_ERRORS, INVOICE_REASON_MAX } from '../../../shared/billing';
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
import { Textarea } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { useRefundDonation, useRefundEventSeat, useRefundInvoicePayment, useRefundOrder } from './api';

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
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(donation.amountCents);
  const confirm = async () => {
    setError(null);
    try {
      await refund.mutateAsync(donation.donationId);
      toast.success(`Refunded ${amount} to ${donation.donorName}`);
      onClose();
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'The donation could not be refunded.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel="Close refund donation">
        <DialogHeader>
          <DialogTitle>Refund this donation?</DialogTitle>
          <DialogDescription>
            {amount} from {donation.donorName} goes back to the card it was paid with. A donation is refunded
            in full, and this cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep donation</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? <Spinner /> : null}
            Refund {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Dollars as typed ('12.5') to whole cents, or null when it is not an amount of at most two decimals. */
export function centsOf(text: string) {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
}

/** Part or all of what is left of an invoice payment, with the reason the clinic gives. */
export function InvoiceRefundDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction;
  onClose: () => void;
}) {
  const id = useId();
  const refund = useRefundInvoicePayment();
  const left = refundableCents(transaction);
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<{ amount?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const cents = centsOf(amount);
    const problems = {
      amount:
        cents === null || cents < 1
          ? 'Enter an amount in dollars, such as 25 or 12.50'
          : cents > left
            ? `At most ${formatMoney(left)} is left to refund`
            : undefined,
      reason: reason.trim() ? undefined : BILLING_ERRORS.reason,
    };
    setFields(problems);
    setError(null);
    if (problems.amount || problems.reason || cents === null) return;
    try {
      await refund.mutateAsync({
        invoiceId: transaction.invoiceId ?? '',
        paymentId: transaction.id,
        amountCents: cents,
        reason: reason.trim(),
      });
      toast.success(`Refunded ${formatMoney(cents)} of ${transaction.invoiceNumber ?? 'the invoice'}`);
      onClose();
    } catch (caught) {
      if (isApiRequestError(caught)) {
        setFields({ amount: caught.fields?.amountCents, reason: caught.fields?.reason });
        setError(caught.message);
      } else setError('The payment could not be refunded.');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel="Close refund payment">
        <DialogHeader>
          <DialogTitle>Refund a payment of {transaction.invoiceNumber}</DialogTitle>
          <DialogDescription>
            {formatMoney(transaction.amountCents)} paid by {transaction.payerName}
            {transaction.refundedCents > 0
              ? `, ${formatMoney(transaction.refundedCents)} already refunded`
              : ''}
            . A card paid online is refunded to the card; cash and cheques are recorded as paid back.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Refund payment" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField label="Amount to refund ($)" error={fields.amount} hint={`Up to ${formatMoney(left)}`}>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              required
            />
          </FormField>
          <FormField label="Reason" error={fields.reason}>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={INVOICE_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              required
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep payment</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? <Spinner /> : null}
              Refund
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(transaction.amountCents);
  const confirm = async () => {
    setError(null);
    try {
      await refund.mutateAsync({ orderId: transaction.orderId ?? '', reason: reason.trim() });
      toast.success(`Refunded ${amount} to ${transaction.payerName}`);
      onClose();
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'The order could not be refunded.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel="Close refund order">
        <DialogHeader>
          <DialogTitle>Refund {transaction.paidFor}?</DialogTitle>
          <DialogDescription>
            {amount} from {transaction.payerName} goes back to the card it was paid with, the order becomes
            Refunded and its items go back into stock. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <FormField label="Reason (optional)">
          <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep order</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? <Spinner /> : null}
            Refund {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(transaction.amountCents);
  const confirm = async () => {
    setError(null);
    try {
      await refund.mutateAsync({
        eventId: transaction.eventId ?? '',
        registrationId: transaction.eventRegistrationId ?? '',
        reason: reason.trim(),
      });
      toast.success(`Refunded ${amount} to ${transaction.payerName}`);
      onClose();
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'The event seat could not be refunded.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel="Close refund event seat">
        <DialogHeader>
          <DialogTitle>Refund {transaction.paidFor}?</DialogTitle>
          <DialogDescription>
            {amount} from {transaction.payerName} goes back to the card it was paid with, their registration
            is cancelled and the seat is offered to the waitlist. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <FormField label="Reason (optional)">
          <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep seat</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? <Spinner /> : null}
            Refund {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
