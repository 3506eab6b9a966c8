import { addDays, format } from 'date-fns';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { centsFromText, formatMoney } from '../../../shared/money';
import {
  AdminQuotesQuerySchema,
  QUOTE_ERRORS,
  QUOTE_LINE_DESCRIPTION_MAX,
  QUOTE_LINES_MAX,
  QUOTE_MESSAGE_MAX,
  type Quote,
  quoteTotalCents,
} from '../../../shared/quotes';
import {
  QUOTE_KIND_LABELS,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '../../../shared/vocabulary/quotes';
import { instantInClinic } from '../../lib/clinic-time';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { type FieldErrors, FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { AdminNav } from '../admin';
import { useAdminQuotes, useAnswerQuote } from './api';
import { day, QuoteAnswerLines, QuoteRequest, QuoteStatusBadge } from './quote-parts';

const KEYS = ['status'] as const;
const STATUS_OPTIONS = optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS);

type LineDraft = { key: number; description: string; quantity: string; unitPrice: string };
const emptyLine = (key: number): LineDraft => ({ key, description: '', quantity: '1', unitPrice: '' });

const lineCents = (line: LineDraft) => {
  const quantity = Number(line.quantity);
  const unit = centsFromText(line.unitPrice);
  return Number.isInteger(quantity) && quantity > 0 && unit ? { quantity, unitPriceCents: unit } : null;
};

/** The answer to a request: priced lines, a message to the member and the clinic day it holds until. */
function AnswerDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const id = useId();
  const answer = useAnswerQuote();
  const [lines, setLines] = useState<LineDraft[]>([emptyLine(0)]);
  const [message, setMessage] = useState('');
  const [expires, setExpires] = useState(format(addDays(new Date(), 30), "yyyy-MM-dd'T'17:00"));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const priced = lines.map(lineCents);
  const runningTotal = quoteTotalCents(priced.filter((line) => line !== null));
  const change = (key: number, changes: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...changes } : line)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = instantInClinic(expires);
    const problems: FieldErrors = {
      message: message.trim() ? undefined : QUOTE_ERRORS.message,
      expiresAt: !expiresAt
        ? QUOTE_ERRORS.expiresAt
        : Date.parse(expiresAt) <= Date.now()
          ? QUOTE_ERRORS.expiresInPast
          : undefined,
    };
    lines.forEach((line, index) => {
      if (!line.description.trim()) problems[`lines.${index}.description`] = QUOTE_ERRORS.lineDescription;
      if (!priced[index]) problems[`lines.${index}.unitPriceCents`] = 'Enter a quantity and a price above $0';
    });
    setErrors(problems);
    setError(null);
    if (Object.values(problems).some(Boolean) || !expiresAt) return;
    try {
      await answer.mutateAsync({
        id: quote.id,
        input: {
          lines: lines.map((line, index) => ({
            description: line.description.trim(),
            quantity: priced[index]?.quantity ?? 0,
            unitPriceCents: priced[index]?.unitPriceCents ?? 0,
          })),
          message: message.trim(),
          expiresAt,
        },
      });
      toast.success(`Sent the quote for ${quote.title} to ${quote.memberName}`);
      onClose();
    } catch (caught) {
      const refusal = refusalOf(caught, 'The answer could not be sent. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Answer ${quote.title}`}
      description={`Asked by ${quote.memberName} on ${day(quote.createdAt)}. The member is told and can accept it until it expires.`}
      closeLabel={`Close answer ${quote.title}`}
      error={error}
      onSubmit={submit}
      submitText={answer.isPending ? 'Sending…' : 'Send quote'}
      pending={answer.isPending}
    >
      <QuoteRequest quote={quote} />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-medium text-sm">Lines</legend>
        {errors.lines ? <p className="font-medium text-destructive text-sm">{errors.lines}</p> : null}
        {lines.map((line, index) => (
          <fieldset key={line.key} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-4">
            <legend className="px-1 text-muted-foreground text-xs">Line {index + 1}</legend>
            <FormField
              label="Description"
              error={errors[`lines.${index}.description`]}
              className="sm:col-span-2"
            >
              <Input
                value={line.description}
                maxLength={QUOTE_LINE_DESCRIPTION_MAX}
                onChange={(event) => change(line.key, { description: event.target.value })}
              />
            </FormField>
            <FormField label="Quantity" error={errors[`lines.${index}.quantity`]}>
              <Input
                type="number"
                min={1}
                value={line.quantity}
                onChange={(event) => change(line.key, { quantity: event.target.value })}
              />
            </FormField>
            <FormField label="Unit price ($)" error={errors[`lines.${index}.unitPriceCents`]}>
              <Input
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(event) => change(line.key, { unitPrice: event.target.value })}
              />
            </FormField>
            {lines.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="self-start sm:col-span-4"
                onClick={() => setLines((current) => current.filter((each) => each.key !== line.key))}
              >
                <Trash2 aria-hidden="true" />
                Remove line {index + 1}
              </Button>
            ) : null}
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={lines.length >= QUOTE_LINES_MAX}
            onClick={() =>
              setLines((current) => [...current, emptyLine(Math.max(...current.map((each) => each.key)) + 1)])
            }
          >
            <Plus aria-hidden="true" />
            Add a line
          </Button>
          <output id={`${id}-total`} aria-live="polite" className="font-semibold">
            Total {formatMoney(runningTotal)}
          </output>
        </div>
      </fieldset>
      <FormField label="Message to the member" error={errors.message}>
        <Textarea
          id={`${id}-message`}
          value={message}
          maxLength={QUOTE_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
      <FormField label="Valid until (clinic time)" error={errors.expiresAt}>
        <Input
          id={`${id}-expires`}
          type="datetime-local"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}

function QuoteDetail({ quote }: { quote: Quote }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer underline-offset-4 hover:underline">
        Details of {quote.title}
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        <QuoteRequest quote={quote} />
        <QuoteAnswerLines quote={quote} />
      </div>
    </details>
  );
}

/**
 * /admin/quotes: every member's quote request, newest first, filtered by status (kept in the address); a
 * request answered with priced lines, a message and an expiry. Live: a change anywhere makes it ask again.
 */
export function AdminQuotesPage() {
  const [filters, change] = useUrlFilters(KEYS, AdminQuotesQuerySchema);
  const status = filters.status as QuoteStatus | '';
  const list = useAdminQuotes(status);
  const [answering, setAnswering] = useState<Quote | null>(null);

  let body: React.ReactNode;
  if (list.isError)
    body = (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{list.error.message || 'Quotes could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (!list.data) body = <LoadingState label="Loading quotes…" />;
  else if (list.data.quotes.length === 0)
    body = (
      <p className="text-muted-foreground">
        {status ? `No ${QUOTE_STATUS_LABELS[status].toLowerCase()} quotes.` : 'No quote requests yet.'}
      </p>
    );
  else
    body = (
      <DataTable
        caption="Quotes"
        columns={['Quote', 'Member', 'Asked on', 'Status', 'Total', 'Actions']}
        scrolls
      >
        {list.data.quotes.map((quote) => (
          <tr key={quote.id} className="border-border border-t align-top">
            <th scope="row" className="px-3 py-2 font-normal">
              <span className="font-medium">{quote.title}</span>
              <span className="block text-muted-foreground text-xs">{QUOTE_KIND_LABELS[quote.kind]}</span>
              <QuoteDetail quote={quote} />
            </th>
            <td className="px-3 py-2">{quote.memberName}</td>
            <td className="px-3 py-2">
              <time dateTime={quote.createdAt}>{day(quote.createdAt)}</time>
            </td>
            <td className="px-3 py-2">
              <QuoteStatusBadge status={quote.status} />
            </td>
            <td className="px-3 py-2">{quote.totalCents === null ? '—' : formatMoney(quote.totalCents)}</td>
            <td className="px-3 py-2">
              {quote.status === 'requested' ? (
                <Button size="sm" onClick={() => setAnswering(quote)} aria-label={`Answer ${quote.title}`}>
                  Answer
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    );

  return (
    <div className="flex flex-col gap-4">
      <AdminNav />
      <h2 className="sr-only">Quotes</h2>
      <FilterBar label="Filter quotes">
        <SelectFilter
          label="Status"
          value={status}
          onChange={(value) => change({ status: value })}
          options={STATUS_OPTIONS}
          emptyLabel="All statuses"
        />
      </FilterBar>
      {body}
      {answering ? (
        <AnswerDialog key={answering.id} quote={answering} onClose={() => setAnswering(null)} />
      ) : null}
    </div>
  );
}
