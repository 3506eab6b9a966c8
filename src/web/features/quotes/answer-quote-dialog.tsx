import { addDays, format } from 'date-fns';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { centsFromText } from '../../../shared/money';
import {
  AnswerQuoteInputSchema,
  QUOTE_ERRORS,
  QUOTE_LINE_DESCRIPTION_MAX,
  QUOTE_LINES_MAX,
  QUOTE_MESSAGE_MAX,
  type Quote,
  QuoteLineInputSchema,
  quoteTotalCents,
} from '../../../shared/quotes';
import { instantInClinic } from '../../lib/clinic-time';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { useAnswerQuote } from './api';
import { day, QuoteRequest } from './quote-parts';

type LineText = { description: string; quantity: string; unitPriceCents: string };
const emptyLine = (): LineText => ({ description: '', quantity: '1', unitPriceCents: '' });

/** A line's quantity and unit price in dollars as typed, or null while they are not both above zero. */
const lineCents = (line: LineText) => {
  const quantity = Number(line.quantity);
  const unit = centsFromText(line.unitPriceCents);
  return Number.isInteger(quantity) && quantity > 0 && unit ? { quantity, unitPriceCents: unit } : null;
};

const LineFormSchema = z
  .object({
    description: QuoteLineInputSchema.shape.description,
    quantity: z.string(),
    unitPriceCents: z.string(),
  })
  .superRefine((line, context) => {
    if (!lineCents(line))
      context.addIssue({
        code: 'custom',
        path: ['unitPriceCents'],
        message: 'Enter a quantity and a price above $0',
      });
  })
  .transform((line) => ({
    description: line.description,
    ...(lineCents(line) ?? { quantity: 0, unitPriceCents: 0 }),
  }))
  .pipe(QuoteLineInputSchema);

/** The answer as typed: priced lines, the message, and the expiry as a clinic wall-clock time still ahead. */
const AnswerFormSchema = z.object({
  lines: z.array(LineFormSchema).pipe(AnswerQuoteInputSchema.shape.lines),
  message: AnswerQuoteInputSchema.shape.message,
  expiresAt: z
    .string()
    .transform((text, context) => {
      const instant = instantInClinic(text);
      if (!instant) context.addIssue({ code: 'custom', message: QUOTE_ERRORS.expiresAt });
      else if (Date.parse(instant) <= Date.now())
        context.addIssue({ code: 'custom', message: QUOTE_ERRORS.expiresInPast });
      return instant ?? '';
    })
    .pipe(AnswerQuoteInputSchema.shape.expiresAt),
});

/** The answer to a request: priced lines, a message to the member and the clinic day it holds until. */
export function AnswerQuoteDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const answer = useAnswerQuote();
  const form = useZodForm(AnswerFormSchema, {
    lines: [emptyLine()],
    message: '',
    expiresAt: format(addDays(new Date(), 30), "yyyy-MM-dd'T'17:00"),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const typed = useWatch({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const runningTotal = quoteTotalCents(typed.map(lineCents).filter((line) => line !== null));
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await answer.mutateAsync({ id: quote.id, input });
        toast.success(`Sent the quote for ${quote.title} to ${quote.memberName}`);
        onClose();
      } catch (caught) {
        const lineFields = input.lines.flatMap((_, index) =>
          ['description', 'quantity', 'unitPriceCents'].map((field) => `lines.${index}.${field}`),
        );
        setError(
          applyServerErrors(caught, {
            fields: ['lines', 'message', 'expiresAt', ...lineFields],
            setError: form.setError,
            fallback: 'The answer could not be sent. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

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
        {linesError ? <p className="font-medium text-destructive text-sm">{linesError}</p> : null}
        {lines.fields.map((line, index) => (
          <fieldset key={line.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-4">
            <legend className="px-1 text-muted-foreground text-xs">Line {index + 1}</legend>
            <FormField
              label="Description"
              error={errors.lines?.[index]?.description?.message}
              className="sm:col-span-2"
            >
              <Input
                maxLength={QUOTE_LINE_DESCRIPTION_MAX}
                {...form.register(`lines.${index}.description`)}
              />
            </FormField>
            <FormField label="Quantity" error={errors.lines?.[index]?.quantity?.message}>
              <Input type="number" min={1} {...form.register(`lines.${index}.quantity`)} />
            </FormField>
            <FormField label="Unit price ($)" error={errors.lines?.[index]?.unitPriceCents?.message}>
              <Input inputMode="decimal" {...form.register(`lines.${index}.unitPriceCents`)} />
            </FormField>
            {lines.fields.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="self-start sm:col-span-4"
                onClick={() => lines.remove(index)}
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
            disabled={lines.fields.length >= QUOTE_LINES_MAX}
            onClick={() => lines.append(emptyLine(), { shouldFocus: false })}
          >
            <Plus aria-hidden="true" />
            Add a line
          </Button>
          <output aria-live="polite" className="font-semibold">
            Total {formatMoney(runningTotal)}
          </output>
        </div>
      </fieldset>
      <FormField label="Message to the member" error={errors.message?.message}>
        <Textarea maxLength={QUOTE_MESSAGE_MAX} {...form.register('message')} />
      </FormField>
      <FormField label="Valid until (clinic time)" error={errors.expiresAt?.message}>
        <Input type="datetime-local" {...form.register('expiresAt')} />
      </FormField>
    </FormDialog>
  );
}
