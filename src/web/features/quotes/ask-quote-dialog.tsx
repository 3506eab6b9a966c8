import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { centsFromText } from '../../../shared/money';
import { CreateQuoteInputSchema, QUOTE_DETAILS_MAX, QUOTE_TITLE_MAX } from '../../../shared/quotes';
import { QUOTE_KIND_LABELS, QUOTE_KINDS } from '../../../shared/vocabulary/quotes';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { useAskForQuote } from './api';

const KIND_OPTIONS = QUOTE_KINDS.map((value) => ({ value, label: QUOTE_KIND_LABELS[value] }));
const shape = CreateQuoteInputSchema.shape;

/** The request as typed: a quantity and a budget in dollars are optional, and read into the contract's numbers. */
const AskFormSchema = z.object({
  kind: z.string().pipe(shape.kind),
  title: shape.title,
  details: shape.details,
  quantity: z
    .string()
    .transform((text): number | null | undefined => (text.trim() ? Number(text) : null))
    .pipe(shape.quantity),
  budgetCents: z
    .string()
    .transform((text, context): number | null | undefined => {
      if (!text.trim()) return null;
      const cents = centsFromText(text);
      if (cents && cents > 0) return cents;
      context.addIssue({ code: 'custom', message: 'Enter a budget in dollars' });
      return z.NEVER;
    })
    .pipe(shape.budgetCents),
});
const EMPTY = { kind: '', title: '', details: '', quantity: '', budgetCents: '' };
const FIELDS = Object.keys(EMPTY);

/** A member asks the clinic for a quote: what it is for, a title and details, and optionally how many and a budget. */
export function AskQuoteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ask = useAskForQuote();
  const form = useZodForm(AskFormSchema, EMPTY);
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    form.reset(EMPTY);
    setError(null);
  };

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await ask.mutateAsync(input);
        toast.success('Your request was sent. The clinic will answer it here.');
        close(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: FIELDS,
            setError: form.setError,
            fallback: 'The request could not be sent. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

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
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <ChoiceField
            label="What is it for?"
            placeholder="Choose one"
            value={field.value}
            onChange={field.onChange}
            options={KIND_OPTIONS}
            error={errors.kind?.message}
          />
        )}
      />
      <FormField label="Title" error={errors.title?.message}>
        <Input maxLength={QUOTE_TITLE_MAX} {...form.register('title')} />
      </FormField>
      <FormField
        label="Details"
        error={errors.details?.message}
        hint="Sizes, colours, dates, artwork, or the programme"
      >
        <Textarea maxLength={QUOTE_DETAILS_MAX} {...form.register('details')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Quantity (optional)" error={errors.quantity?.message}>
          <Input type="number" min={1} {...form.register('quantity')} />
        </FormField>
        <FormField label="Budget in dollars (optional)" error={errors.budgetCents?.message}>
          <Input inputMode="decimal" {...form.register('budgetCents')} />
        </FormField>
      </div>
    </FormDialog>
  );
}
