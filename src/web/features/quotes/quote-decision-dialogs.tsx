import type { AcceptQuoteAnswer, Quote } from '../../../shared/quotes';
import { formatMoney } from '../../lib/format';
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
import { type CardOutcome, CardPayment } from '../payments';

/** An accepted quote's order waiting for the card, with the quote's title to say what is paid for. */
export type Paying = AcceptQuoteAnswer & { title: string };

type DecisionProps<Subject> = {
  /** The quote asked about; null keeps the dialog closed. */
  subject: Subject | null;
  onClose: () => void;
};

export function AcceptQuoteDialog({
  subject,
  onClose,
  pending,
  onAccept,
}: DecisionProps<Quote> & { pending: boolean; onAccept: (quote: Quote) => void }) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel="Close accept quote">
        <DialogHeader>
          <DialogTitle>Accept this quote?</DialogTitle>
          <DialogDescription>
            {subject
              ? `${subject.title}: ${formatMoney(subject.totalCents ?? 0)}. Accepting makes it an order, which you then pay by card.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <Button disabled={pending} onClick={() => subject && onAccept(subject)}>
            Accept quote
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DeclineQuoteDialog({
  subject,
  onClose,
  pending,
  onDecline,
}: DecisionProps<Quote> & { pending: boolean; onDecline: () => void }) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel="Close decline quote">
        <DialogHeader>
          <DialogTitle>Decline this quote?</DialogTitle>
          <DialogDescription>
            {subject ? `${subject.title}. The clinic is told; this cannot be undone.` : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep quote</Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={onDecline}>
            Decline quote
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function PayQuoteDialog({
  subject,
  onClose,
  onOutcome,
}: DecisionProps<Paying> & { onOutcome: (outcome: CardOutcome) => void }) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel="Close pay for quote">
        <DialogHeader>
          <DialogTitle>Pay for your quote</DialogTitle>
          <DialogDescription>
            {subject
              ? `${subject.title}: ${formatMoney(subject.totalCents)}. If you stop here, you can pay later from this page.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {subject ? (
          <CardPayment
            clientSecret={subject.clientSecret}
            submitLabel={`Pay ${formatMoney(subject.totalCents)}`}
            onOutcome={onOutcome}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
