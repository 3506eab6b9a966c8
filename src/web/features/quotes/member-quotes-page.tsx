import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Quote } from '../../../shared/quotes';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import type { CardOutcome } from '../payments';
import { useConfirmOrder, useMyOrders } from '../store';
import { useDeclineQuote, useMyQuotes, usePayQuote } from './api';
import { AskQuoteDialog } from './ask-quote-dialog';
import { QuoteCard } from './quote-card';
import { AcceptQuoteDialog, DeclineQuoteDialog, type Paying, PayQuoteDialog } from './quote-decision-dialogs';

const errorText = (caught: unknown, fallback: string) =>
  isApiRequestError(caught) ? caught.message : fallback;

/**
 * /member/quotes: the member's quote requests, newest first; asking for a new one; an answered quote accepted
 * (it becomes an order, paid here by card) or declined; an accepted quote whose payment was left paid later.
 */
export function MemberQuotesPage() {
  const quotes = useMyQuotes();
  const orders = useMyOrders();
  const pay = usePayQuote();
  const decline = useDeclineQuote();
  const confirm = useConfirmOrder();
  const [asking, setAsking] = useState(false);
  const [accepting, setAccepting] = useState<Quote | null>(null);
  const [declining, setDeclining] = useState<Quote | null>(null);
  const [paying, setPaying] = useState<Paying | null>(null);

  const startPayment = async (quote: Quote, first: boolean) => {
    try {
      const answer = await pay.mutateAsync({ id: quote.id, first });
      setAccepting(null);
      setPaying({ ...answer, title: quote.title });
    } catch (caught) {
      setAccepting(null);
      toast.error(errorText(caught, 'That did not go through. Please try again.'));
    }
  };

  const onDecline = async () => {
    if (!declining) return;
    try {
      await decline.mutateAsync(declining.id);
      toast.success(`You declined the quote for ${declining.title}.`);
      setDeclining(null);
    } catch (caught) {
      setDeclining(null);
      toast.error(errorText(caught, 'The quote could not be declined.'));
    }
  };

  const onOutcome = async (outcome: CardOutcome) => {
    if (!paying) return;
    if (outcome.status === 'failed') {
      toast.error(outcome.message ?? 'The card payment did not go through.');
      return;
    }
    try {
      const { order } = await confirm.mutateAsync(outcome.paymentIntentId);
      toast.success(`Paid: order ${order.number} for ${paying.title}.`);
      setPaying(null);
    } catch (caught) {
      toast.error(errorText(caught, 'The payment went through but the order could not be confirmed yet.'));
    }
  };

  const ordersById = new Map((orders.data?.orders ?? []).map((order) => [order.id, order]));
  let body: React.ReactNode;
  if (quotes.isError)
    body = (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{quotes.error.message || 'Your quotes could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void quotes.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (!quotes.data) body = <LoadingState label="Loading your quotes…" />;
  else if (quotes.data.quotes.length === 0)
    body = (
      <p className="text-muted-foreground">
        No quotes yet. Ask for one for bulk or custom merchandise, or to sponsor a programme.
      </p>
    );
  else
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        {quotes.data.quotes.map((quote) => (
          <QuoteCard
            key={quote.id}
            quote={quote}
            order={quote.orderId ? ordersById.get(quote.orderId) : undefined}
            busy={pay.isPending || decline.isPending}
            onAccept={setAccepting}
            onDecline={setDeclining}
            onPay={(chosen) => void startPayment(chosen, false)}
          />
        ))}
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">Bulk and custom merchandise, and sponsoring a programme.</p>
        <Button onClick={() => setAsking(true)}>
          <Plus aria-hidden="true" />
          Ask for a quote
        </Button>
      </div>
      {body}
      <AskQuoteDialog open={asking} onOpenChange={setAsking} />
      <AcceptQuoteDialog
        subject={accepting}
        onClose={() => setAccepting(null)}
        pending={pay.isPending}
        onAccept={(quote) => void startPayment(quote, true)}
      />
      <DeclineQuoteDialog
        subject={declining}
        onClose={() => setDeclining(null)}
        pending={decline.isPending}
        onDecline={() => void onDecline()}
      />
      <PayQuoteDialog subject={paying} onClose={() => setPaying(null)} onOutcome={onOutcome} />
    </div>
  );
}
