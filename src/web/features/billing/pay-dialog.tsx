import { useState } from 'react';
import { toast } from 'sonner';
import type { Invoice, PayInvoiceAnswer } from '../../../shared/billing';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { type CardOutcome, CardPayment } from '../payments';
import { startInvoicePayment, useConfirmInvoicePayment } from './api';
import { invoiceName } from './invoice-status';

const PAYMENT_FAILED = 'Payment Failed';
const PAYMENT_FALLBACK = 'There was an error processing your payment.';

/**
 * 'Pay now': the server makes a payment intent for the whole balance, the card is taken by the provider's
 * form, and the server is asked to record it once the provider says it succeeded.
 */
export function PayNowButton({ invoice }: { invoice: Invoice }) {
  const [intent, setIntent] = useState<PayInvoiceAnswer | null>(null);
  const [isStarting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      setIntent(await startInvoicePayment(invoice.id));
    } catch (caught) {
      toast.error('Payment Error', {
        description: isApiRequestError(caught) ? caught.message : 'Could not start the payment.',
      });
    } finally {
      setStarting(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void start()} disabled={isStarting}>
        Pay now
      </Button>
      <Dialog open={intent !== null} onOpenChange={(open) => (open ? undefined : setIntent(null))}>
        {intent ? (
          <DialogContent closeLabel="Close pay by card">
            <DialogHeader>
              <DialogTitle>Pay by card</DialogTitle>
              <DialogDescription>
                {invoiceName(invoice)}: {formatMoney(intent.amountCents)} due. A receipt is emailed once paid.
              </DialogDescription>
            </DialogHeader>
            <CardStep invoice={invoice} intent={intent} onDone={() => setIntent(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

export function CardStep({
  invoice,
  intent,
  onDone,
}: {
  invoice: Invoice;
  intent: PayInvoiceAnswer;
  onDone: () => void;
}) {
  const confirm = useConfirmInvoicePayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const settle = async (outcome: CardOutcome) => {
    if (outcome.status === 'failed') {
      const message = outcome.message ?? PAYMENT_FALLBACK;
      toast.error(PAYMENT_FAILED, { description: message });
      setFailure(message);
      setAttempt((count) => count + 1);
      return;
    }
    try {
      await confirm.mutateAsync({ id: invoice.id, paymentIntentId: outcome.paymentIntentId });
      toast.success('Payment received', {
        description: `${formatMoney(intent.amountCents)} paid on ${invoiceName(invoice)}. Thank you.`,
      });
      onDone();
    } catch (caught) {
      setFailure(
        isApiRequestError(caught)
          ? `Your card was charged but the invoice could not be updated: ${caught.message}. Please contact the clinic.`
          : 'Your card was charged but the invoice could not be updated. Please contact the clinic.',
      );
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <CardPayment
        key={attempt}
        clientSecret={intent.clientSecret}
        submitLabel={`Pay ${formatMoney(intent.amountCents)}`}
        onOutcome={settle}
        actions={
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        }
      />
    </div>
  );
}
