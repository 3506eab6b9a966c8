import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Invoice } from '../../../shared/billing';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import { cardExpiry, cardLabel, type SavedCard } from '../../../shared/saved-cards';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField } from '../../ui/select';
import { newChargeKey, useChargeSavedCard, useSavedCards, useSessionBilling } from './cards-api';
import { invoiceName } from './invoice-status';

const chargeFormSchema = (balanceCents: number) =>
  z.object({
    cardId: z.string().min(1, 'Choose a card'),
    amountCents: z
      .string()
      .transform(centsFromText)
      .pipe(
        z
          .number({ error: 'Enter an amount above zero' })
          .min(1, 'Enter an amount above zero')
          .max(balanceCents, 'The amount is more than the balance due'),
      ),
  });

/**
 * 'Charge card on file' for the desk: shown while the clinic bills sessions and the patient has a saved card,
 * on an open invoice with a balance.
 */
export function ChargeCardButton({ invoice }: { invoice: Invoice }) {
  const isOn = useSessionBilling();
  const cards = useSavedCards(invoice.patientId, isOn);
  const [open, setOpen] = useState(false);
  const saved = cards.data?.cards ?? [];
  if (!isOn || saved.length === 0) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Charge card on file
      </Button>
      {open ? <ChargeCardDialog invoice={invoice} cards={saved} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ChargeCardDialog({
  invoice,
  cards,
  onClose,
}: {
  invoice: Invoice;
  cards: SavedCard[];
  onClose: () => void;
}) {
  const charge = useChargeSavedCard();
  const defaults = { cardId: cards[0].id, amountCents: decimalFromCents(invoice.balanceCents) };
  const form = useZodForm(chargeFormSchema(invoice.balanceCents), defaults);
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  // One key per charge: a double click or a retry of the same answer asks for the same charge.
  const [key, setKey] = useState(newChargeKey);

  const submit = form.handleSubmit(
    async ({ cardId, amountCents }) => {
      setError(null);
      try {
        const paid = await charge.mutateAsync({ invoice, cardId, amountCents, idempotencyKey: key });
        toast.success(`Charged ${formatMoney(amountCents)}`, {
          description: `${invoiceName(paid)} is ${paid.status === 'paid' ? 'paid' : 'partly paid'}; a receipt is emailed.`,
        });
        onClose();
      } catch (caught) {
        // A refused card ended this charge; trying again is a new one.
        setKey(newChargeKey());
        const message = applyServerErrors(caught, {
          fields: ['amountCents', 'cardId'],
          setError: form.setError,
          fallback: 'Could not charge the card. Please try again.',
        });
        setError(`The card was not charged: ${message} The invoice stays open.`);
      }
    },
    () => setError(null),
  );

  const options = cards.map((card) => ({
    value: card.id,
    label: `${cardLabel(card)}, expires ${cardExpiry(card)}`,
  }));

  return (
    <FormDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Charge card on file"
      description={`${invoiceName(invoice)} for ${invoice.patientName}: ${formatMoney(invoice.balanceCents)} due.`}
      closeLabel="Close charge card on file"
      error={error}
      onSubmit={submit}
      submitText={charge.isPending ? 'Charging…' : 'Charge card'}
      pending={charge.isPending}
    >
      {cards.length === 1 ? (
        <p className="text-sm">
          Card: <strong>{options[0].label}</strong>
        </p>
      ) : (
        <Controller
          control={form.control}
          name="cardId"
          render={({ field }) => (
            <ChoiceField
              label="Card"
              placeholder="Choose a card"
              value={field.value}
              onChange={field.onChange}
              options={options}
              error={errors.cardId?.message}
            />
          )}
        />
      )}
      <FormField label="Amount ($)" error={errors.amountCents?.message}>
        <Input inputMode="decimal" {...form.register('amountCents')} />
      </FormField>
    </FormDialog>
  );
}
