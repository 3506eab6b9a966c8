import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { centsFromText, formatMoney } from '../../../shared/money';
import {
  type AcceptQuoteAnswer,
  QUOTE_DETAILS_MAX,
  QUOTE_ERRORS,
  QUOTE_TITLE_MAX,
  type Quote,
} from '../../../shared/quotes';
import type { Order } from '../../../shared/store';
import { QUOTE_KIND_LABELS, QUOTE_KINDS, type QuoteKind } from '../../../shared/vocabulary/quotes';
import { ORDER_STATUS_LABELS } from '../../../shared/vocabulary/store';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { type FieldErrors, FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { type CardOutcome, CardPayment } from '../payments';
import { useConfirmOrder, useMyOrders } from '../store';
import { useAskForQuote, useDeclineQuote, useMyQuotes, usePayQuote } from './api';
import { day, QuoteAnswerLines, QuoteRequest, QuoteStatusBadge } from './quote-parts';

const KIND_OPTIONS = QUOTE_KINDS.map((value) => ({ value, label: QUOTE_KIND_LABELS[value] }));
const errorText = (caught: unknown, fallback: string) =>
  isApiRequestError(caught) ? caught.message : fallback;

function AskDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const ask = useAskForQuote();
  const [kind, setKind] = useState<QuoteKind | ''>('');
  const [title, setTitle] = useState('');
  const [details, setDetails] = useState('');
  const [quantity, setQuantity] = useState('');
  const [budget, setBudget] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    setKind('');
    setTitle('');
    setDetails('');
    setQuantity('');
    setBudget('');
    setErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const count = quantity.trim() ? Number(quantity) : null;
    const budgetCents = budget.trim() ? centsFromText(budget) : null;
    const problems: FieldErrors = {
      kind: kind ? undefined : QUOTE_ERRORS.kind,
      title: title.trim() ? undefined : QUOTE_ERRORS.title,
      details: details.trim() ? undefined : QUOTE_ERRORS.details,
      quantity: count === null || (Number.isInteger(count) && count >= 1) ? undefined : QUOTE_ERRORS.quantity,
      budgetCents:
        !budget.trim() || (budgetCents && budgetCents > 0) ? undefined : 'Enter a budget in dollars',
    };
    setErrors(problems);
    setError(null);
    if (Object.values(problems).some(Boolean) || !kind) return;
    try {
      await ask.mutateAsync({
        kind,
        title: title.trim(),
        details: details.trim(),
        quantity: count,
        budgetCents,
      });
      toast.success('Your request was sent. The clinic will answer it here.');
      close(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'The request could not be sent. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Ask for a quote"
      description="Tell the clinic what you have in mind; an admin answers with a priced quote you can accept or decline."
      closeLabel="Close ask for a quote"
      error={error}
      onSubmit={submit}
      submitText={ask.isPending ? 'Sending…' : 'Send request'}
      pending={ask.isPending}
    >
      <ChoiceField
        label="What is it for?"
        placeholder="Choose one"
        value={kind}
        onChange={(value) => setKind(value as QuoteKind | '')}
        options={KIND_OPTIONS}
        error={errors.kind}
      />
      <FormField label="Title" error={errors.title}>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={QUOTE_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <FormField
        label="Details"
        error={errors.details}
        hint="Sizes, colours, dates, artwork, or the programme"
      >
        <Textarea
          id={`${id}-details`}
          value={details}
          maxLength={QUOTE_DETAILS_MAX}
          onChange={(event) => setDetails(event.target.value)}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Quantity (optional)" error={errors.quantity}>
          <Input
            id={`${id}-quantity`}
            type="number"
            min={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </FormField>
        <FormField label="Budget in dollars (optional)" error={errors.budgetCents}>
          <Input
            id={`${id}-budget`}
            inputMode="decimal"
            value={budget}
            onChange={(event) => setBudget(event.target.value)}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}

type Paying = AcceptQuoteAnswer & { title: string };

function QuoteCard({
  quote,
  order,
  busy,
  onAccept,
  onDecline,
  onPay,
}: {
  quote: Quote;
  order: Order | undefined;
  busy: boolean;
  onAccept: (quote: Quote) => void;
  onDecline: (quote: Quote) => void;
  onPay: (quote: Quote) => void;
}) {
  const headingId = `quote-${quote.id}`;
  const waitingToPay = quote.status === 'accepted' && order?.status === 'pending';
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id={headingId}>{quote.title}</CardTitle>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <CardDescription>
            Asked on <time dateTime={quote.createdAt}>{day(quote.createdAt)}</time>
            {quote.totalCents !== null ? ` · ${formatMoney(quote.totalCents)}` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <QuoteRequest quote={quote} />
          {quote.status === 'requested' ? (
            <p className="text-muted-foreground text-sm">Waiting for the clinic to answer.</p>
          ) : null}
          <QuoteAnswerLines quote={quote} />
          {quote.status === 'answered' ? (
            <div className="flex flex-wrap gap-2">
              <Button disabled={busy} onClick={() => onAccept(quote)}>
                Accept and pay {formatMoney(quote.totalCents ?? 0)}
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => onDecline(quote)}>
                Decline
              </Button>
            </div>
          ) : null}
          {quote.status === 'expired' ? (
            <p className="text-sm">This quote has expired. Ask again if you still need it.</p>
          ) : null}
          {waitingToPay ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm">Accepted: its order {order.number} is waiting to be paid.</p>
              <Button disabled={busy} onClick={() => onPay(quote)}>
                Pay {formatMoney(order.totals.totalCents)}
              </Button>
            </div>
          ) : null}
          {quote.status === 'accepted' && order && order.status !== 'pending' ? (
            <p className="text-sm">
              Order {order.number}: {ORDER_STATUS_LABELS[order.status]}.{' '}
              <Link to="/member/orders" className="underline">
                See your orders
              </Link>
            </p>
          ) : null}
        </CardContent>
      </article>
    </Card>
  );
}

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
      <AskDialog open={asking} onOpenChange={setAsking} />
      <Dialog open={accepting !== null} onOpenChange={(open) => (open ? null : setAccepting(null))}>
        <DialogContent closeLabel="Close accept quote">
          <DialogHeader>
            <DialogTitle>Accept this quote?</DialogTitle>
            <DialogDescription>
              {accepting
                ? `${accepting.title}: ${formatMoney(accepting.totalCents ?? 0)}. Accepting makes it an order, which you then pay by card.`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Not now</Button>
            </DialogClose>
            <Button disabled={pay.isPending} onClick={() => accepting && void startPayment(accepting, true)}>
              Accept quote
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={declining !== null} onOpenChange={(open) => (open ? null : setDeclining(null))}>
        <DialogContent closeLabel="Close decline quote">
          <DialogHeader>
            <DialogTitle>Decline this quote?</DialogTitle>
            <DialogDescription>
              {declining ? `${declining.title}. The clinic is told; this cannot be undone.` : ''}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep quote</Button>
            </DialogClose>
            <Button variant="destructive" disabled={decline.isPending} onClick={() => void onDecline()}>
              Decline quote
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={paying !== null} onOpenChange={(open) => (open ? null : setPaying(null))}>
        <DialogContent closeLabel="Close pay for quote">
          <DialogHeader>
            <DialogTitle>Pay for your quote</DialogTitle>
            <DialogDescription>
              {paying
                ? `${paying.title}: ${formatMoney(paying.totalCents)}. If you stop here, you can pay later from this page.`
                : ''}
            </DialogDescription>
          </DialogHeader>
          {paying ? (
            <CardPayment
              clientSecret={paying.clientSecret}
              submitLabel={`Pay ${formatMoney(paying.totalCents)}`}
              onOutcome={onOutcome}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
