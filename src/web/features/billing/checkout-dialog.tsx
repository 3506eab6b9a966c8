import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  type CheckoutAnswer,
  type CheckoutPayment,
  type CheckoutPreview,
  type InvoiceLineInput,
  invoiceTotals,
  PAYMENT_METHOD_VALUES,
  type PayInvoiceAnswer,
} from '../../../shared/billing';
import type { SessionPackage } from '../../../shared/billing-packages';
import { centsFromText } from '../../../shared/money';
import { api } from '../../lib/api-client';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney, useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceGroup } from '../../ui/radio-group';
import { ChoiceField } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { useServiceTypes } from '../appointments';
import { useUser } from '../auth';
import { CheckoutPackages, CoveredNotice, packageKeys } from '../billing-packages';
import { invoiceKeys, useBillingSettings } from './api';
import { newChargeKey, useSavedCards } from './cards-api';
import { CheckoutProducts, type ProductItem, productsInput } from './checkout-products';
import { invoiceName } from './invoice-status';
import { CardStep } from './pay-dialog';

const checkoutPath = (appointmentId: string) => `/api/invoices/checkout/${encodeURIComponent(appointmentId)}`;
const METHOD_NAMES: Record<(typeof PAYMENT_METHOD_VALUES)[number], string> = {
  cash: 'Cash',
  card: 'Card terminal',
  cheque: 'Cheque',
};
type PaymentKind = CheckoutPayment['kind'];
type Item = InvoiceLineInput & { key: number };

type CheckoutDialogProps = { appointmentId: string; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Checkout of a completed session: its service and price, other items, what else the patient owes, and how it
 * is paid (left on the account, at the desk, or by a new card for the desk). One click issues the invoice and
 * takes the payment; checking out again carries on with the same invoice.
 */
export function CheckoutDialog({ appointmentId, open, onOpenChange }: CheckoutDialogProps) {
  const preview = useQuery({
    queryKey: [...invoiceKeys.all, 'checkout', appointmentId],
    queryFn: ({ signal }) => api.get<CheckoutPreview>(checkoutPath(appointmentId), { signal }),
    enabled: open,
  });
  const [card, setCard] = useState<{ answer: CheckoutAnswer; intent: PayInvoiceAnswer } | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close checkout" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Checkout</DialogTitle>
          <DialogDescription>
            Issue the invoice for this session and take the payment in one step.
          </DialogDescription>
        </DialogHeader>
        {card ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              {invoiceName(card.answer.invoice)}: {formatMoney(card.intent.amountCents)} to pay by card.
            </p>
            <CardStep invoice={card.answer.invoice} intent={card.intent} onDone={() => onOpenChange(false)} />
          </div>
        ) : preview.isPending ? (
          <LoadingState label="Loading the session…" />
        ) : preview.isError ? (
          <Alert variant="error">{preview.error.message || 'Could not load the session.'}</Alert>
        ) : (
          <CheckoutForm
            preview={preview.data}
            onDone={(answer) => {
              if (answer.cardPayment) setCard({ answer, intent: answer.cardPayment });
              else onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CheckoutForm({
  preview,
  onDone,
}: {
  preview: CheckoutPreview;
  onDone: (answer: CheckoutAnswer) => void;
}) {
  const user = useUser();
  const format = useFormatter();
  const queryClient = useQueryClient();
  const isDesk = user.role === 'staff' || user.role === 'admin';
  const { session, invoice } = preview;
  const [items, setItems] = useState<Item[]>([]);
  const [products, setProducts] = useState<ProductItem[]>([]);
  const [packages, setPackages] = useState<SessionPackage[]>([]);
  const cards = useSavedCards(session.patientId, true).data?.cards ?? [];
  const card = cards[0];
  // One key for this checkout: a double click or a retry is the same charge of the card.
  const [chargeKey] = useState(newChargeKey);
  const [chosenKind, setKind] = useState<PaymentKind | null>(null);
  // The card on file when the patient keeps one (they consented to its use for sessions), else the desk.
  const kind: PaymentKind = chosenKind ?? (card ? 'saved_card' : 'desk');
  const [method, setMethod] = useState<(typeof PAYMENT_METHOD_VALUES)[number]>('card');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const taxRate = useBillingSettings().data?.taxRateBasisPoints ?? 0;

  const sessionCents = preview.coveredBy ? 0 : session.priceCents;
  const lines = [
    { quantity: 1, unitPriceCents: sessionCents },
    ...items,
    ...products.map((product) => ({ quantity: product.quantity, unitPriceCents: product.priceCents })),
    ...packages.map((item) => ({ quantity: 1, unitPriceCents: item.priceCents })),
  ];
  const due = invoice ? invoice.balanceCents : invoiceTotals(lines, 0, taxRate).totalCents;
  const submit = useMutation({
    mutationFn: () => {
      const payment: CheckoutPayment =
        kind === 'desk'
          ? { kind, method, reference: reference.trim() || undefined }
          : kind === 'saved_card' && card
            ? { kind, cardId: card.id, idempotencyKey: chargeKey }
            : kind === 'new_card'
              ? { kind }
              : { kind: 'account' };
      return api.post<CheckoutAnswer>(checkoutPath(session.appointmentId), {
        lineItems: invoice ? [] : items.map(({ key: _key, ...line }) => line),
        ...(invoice || products.length === 0 ? {} : { products: productsInput(products) }),
        payment,
        ...(invoice || packages.length === 0 ? {} : { packageIds: packages.map((item) => item.id) }),
      });
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: packageKeys.held });
      const name = invoiceName(answer.invoice);
      if (answer.declined) {
        // The invoice is issued and stays open; the desk can try another way from here.
        setError(
          `The card on file was refused: ${answer.declined.replace(/\.?$/, '.')} ${name} stays open on the account.`,
        );
        return;
      }
      if (!answer.cardPayment)
        toast.success(
          answer.invoice.status === 'paid'
            ? `Checked out: ${name} is paid`
            : `Checked out: ${name} is on the account`,
        );
      onDone(answer);
    },
    onError: (caught) => {
      // A product may have sold out meanwhile: the list shows the stock as it is now.
      void queryClient.invalidateQueries({
        queryKey: [...invoiceKeys.all, 'checkout', session.appointmentId],
      });
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not check the session out. Please try again.',
      );
    },
  });

  const kinds = [
    ...(card
      ? [{ value: 'saved_card' as const, label: `Card on file (${card.brand} •••• ${card.last4})` }]
      : []),
    { value: 'desk' as const, label: 'Pay at the desk' },
    ...(isDesk ? [{ value: 'new_card' as const, label: 'New card' }] : []),
    { value: 'account' as const, label: 'Leave on the account' },
  ];

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        submit.mutate();
      }}
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Patient</dt>
        <dd>{session.patientName}</dd>
        <dt className="text-muted-foreground">Session</dt>
        <dd>
          {session.serviceName}, {format.dateTime(session.startsAt)}, with {session.practitionerName}
        </dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd className="tabular-nums">{formatMoney(sessionCents)}</dd>
        {preview.otherBalanceCents > 0 ? (
          <>
            <dt className="text-muted-foreground">Owed on other invoices</dt>
            <dd className="tabular-nums">{formatMoney(preview.otherBalanceCents)}</dd>
          </>
        ) : null}
      </dl>
      {preview.coveredBy ? <CoveredNotice coveredBy={preview.coveredBy} /> : null}
      {invoice ? (
        <Alert variant="info">
          {invoiceName(invoice)} bills this session already: {formatMoney(invoice.balanceCents)} of{' '}
          {formatMoney(invoice.totalCents)} is due. Checking out carries on with it.
        </Alert>
      ) : (
        <>
          <OtherItems items={items} onChange={setItems} />
          <CheckoutProducts products={preview.products} items={products} onChange={setProducts} />
          <CheckoutPackages chosen={packages} onChange={setPackages} />
        </>
      )}
      <ChoiceGroup label="Payment" value={kind} options={kinds} onChange={setKind} />
      {kind === 'desk' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceField
            label="Method"
            placeholder="Choose a method"
            value={method}
            onChange={(value) => {
              const chosen = PAYMENT_METHOD_VALUES.find((candidate) => candidate === value);
              if (chosen) setMethod(chosen);
            }}
            options={PAYMENT_METHOD_VALUES.map((value) => ({ value, label: METHOD_NAMES[value] }))}
          />
          <FormField label="Reference (optional)" hint="A cheque number or the terminal's slip">
            <Input value={reference} onChange={(event) => setReference(event.target.value)} maxLength={100} />
          </FormField>
        </div>
      ) : null}
      <p className="flex items-baseline justify-between border-border border-t pt-3">
        <span className="font-medium">{kind === 'account' ? 'To the account' : 'To pay now'}</span>
        <strong className="text-lg tabular-nums">{formatMoney(due)}</strong>
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending
            ? 'Checking out…'
            : kind === 'account'
              ? 'Check out'
              : `Check out and take ${formatMoney(due)}`}
        </Button>
      </div>
    </form>
  );
}

let nextKey = 0;

/** Items besides the session: another service from the list, or anything else with its own price. */
function OtherItems({ items, onChange }: { items: Item[]; onChange: (items: Item[]) => void }) {
  const services = useServiceTypes().data ?? [];
  const [serviceId, setServiceId] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const cents = centsFromText(price);
  const addService = () => {
    const service = services.find((candidate) => candidate.id === serviceId);
    if (!service) return;
    nextKey += 1;
    onChange([
      ...items,
      {
        key: nextKey,
        description: service.name,
        quantity: 1,
        unitPriceCents: service.priceCents,
        serviceTypeId: service.id,
      },
    ]);
    setServiceId('');
  };
  const addOther = () => {
    if (!description.trim() || cents === null) return;
    nextKey += 1;
    onChange([
      ...items,
      { key: nextKey, description: description.trim(), quantity: 1, unitPriceCents: cents },
    ]);
    setDescription('');
    setPrice('');
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 font-medium text-sm">Other items</legend>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-2">
              <span>{item.description}</span>
              <span className="flex items-center gap-2 tabular-nums">
                {formatMoney(item.unitPriceCents)}
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${item.description}`}
                  onClick={() => onChange(items.filter((other) => other.key !== item.key))}
                >
                  <X aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <ChoiceField
            label="Service"
            placeholder="Choose a service"
            value={serviceId}
            onChange={setServiceId}
            options={services.map((service) => ({
              value: service.id,
              label: `${service.name} (${formatMoney(service.priceCents)})`,
            }))}
          />
        </div>
        <Button type="button" variant="outline" onClick={addService} disabled={!serviceId}>
          <Plus aria-hidden="true" />
          Add service
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <FormField label="Item">
            <Input
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={200}
            />
          </FormField>
        </div>
        <div className="w-28">
          <FormField label="Price">
            <Input inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
          </FormField>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={addOther}
          disabled={!description.trim() || cents === null}
        >
          <Plus aria-hidden="true" />
          Add item
        </Button>
      </div>
    </fieldset>
  );
}
