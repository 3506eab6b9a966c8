import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mostOf, type ShippingAddressInput } from '../../../shared/store';
import { type CheckoutAnswer, CheckoutInputSchema } from '../../../shared/store-orders';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { type CardOutcome, CardPayment } from '../payments';
import { startCheckout, useCart, useConfirmOrder, useRemoveCartItem, useUpdateCartItem } from './api';
import { ProductImage, TotalsList } from './parts';

type AddressField = keyof ShippingAddressInput;
const FIELDS: Array<{ name: AddressField; label: string; autoComplete: string; optional?: boolean }> = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'line1', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Apartment, suite (optional)', autoComplete: 'address-line2', optional: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'region', label: 'State or region', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country code', autoComplete: 'country' },
  { name: 'phone', label: 'Phone (optional)', autoComplete: 'tel', optional: true },
];
const EMPTY_ADDRESS: Record<AddressField, string> = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  phone: '',
};
/** Named as the checkout call names them, so a refusal's "shippingAddress.city" lands on its field. */
const SERVER_FIELDS = FIELDS.map((field) => `shippingAddress.${field.name}`);

function CartLines() {
  const cart = useCart();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const [error, setError] = useState<string | null>(null);
  if (cart.isError)
    return <LoadError message="Your cart could not be loaded." retry={() => void cart.refetch()} />;
  if (!cart.data) return <LoadingState label="Loading your cart…" />;
  const { items, totals, freeShippingThresholdCents } = cart.data;
  if (items.length === 0)
    return (
      <p>
        Your cart is empty.{' '}
        <Link to="/store" className="underline">
          Browse the store
        </Link>
      </p>
    );
  const change = (call: Promise<unknown>) => {
    setError(null);
    call.catch((caught: Error) => setError(caught.message));
  };
  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3">
            <ProductImage src={item.imageUrl} alt="" className="size-12 rounded" />
            <span className="min-w-40 flex-1">
              {item.productName}
              {item.variantLabel ? ` (${item.variantLabel})` : ''} · {formatMoney(item.unitPriceCents)} each
            </span>
            <div className="flex items-center gap-2 text-sm">
              <Label htmlFor={`quantity-${item.id}`}>Quantity</Label>
              <Input
                id={`quantity-${item.id}`}
                type="number"
                min={1}
                max={Math.max(1, mostOf(item.stock))}
                value={item.quantity}
                aria-label={`Quantity of ${item.productName}${item.variantLabel ? ` ${item.variantLabel}` : ''}`}
                className="w-20"
                onChange={(event) => {
                  const quantity = Math.floor(Number(event.target.value));
                  if (quantity >= 1) change(update.mutateAsync({ id: item.id, quantity }));
                }}
              />
            </div>
            <span className="w-20 text-right">{formatMoney(item.lineTotalCents)}</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => change(remove.mutateAsync(item.id))}
              aria-label={`Remove ${item.productName}${item.variantLabel ? ` ${item.variantLabel}` : ''}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <TotalsList totals={totals} />
      {totals.shippingCents > 0 ? (
        <p className="text-muted-foreground text-sm">
          Shipping is free on orders of {formatMoney(freeShippingThresholdCents)} or more.
        </p>
      ) : null}
    </div>
  );
}

/** /checkout: the cart, the shipping address and the card payment; the server prices everything. */
export function CheckoutPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const confirm = useConfirmOrder();
  const form = useZodForm(CheckoutInputSchema, { shippingAddress: EMPTY_ADDRESS });
  const errors = form.formState.errors.shippingAddress;
  const [failure, setFailure] = useState<string | null>(null);
  const [payment, setPayment] = useState<CheckoutAnswer | null>(null);
  const hasItems = (cart.data?.items.length ?? 0) > 0;

  const toPayment = form.handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        setPayment(await startCheckout(input));
      } catch (caught) {
        setFailure(
          applyServerErrors(caught, {
            fields: SERVER_FIELDS,
            setError: form.setError,
            fallback: 'Checkout failed',
          }),
        );
      }
    },
    () => setFailure(null),
  );

  const paid = async (outcome: CardOutcome) => {
    if (outcome.status === 'failed') {
      setFailure(outcome.message ?? 'The payment did not go through.');
      return;
    }
    try {
      const { order } = await confirm.mutateAsync(outcome.paymentIntentId);
      navigate(`/checkout/success?order=${order.id}`);
    } catch (caught) {
      setFailure(
        `Your payment went through but the order could not be confirmed: ${(caught as Error).message}`,
      );
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Your cart</CardTitle>
        </CardHeader>
        <CardContent>
          {payment ? (
            <TotalsList
              totals={
                cart.data?.totals ?? {
                  subtotalCents: 0,
                  taxRateBasisPoints: 0,
                  taxCents: 0,
                  shippingCents: 0,
                  totalCents: payment.totalCents,
                }
              }
            />
          ) : (
            <CartLines />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{payment ? 'Payment' : 'Shipping address'}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          {payment ? (
            <CardPayment
              clientSecret={payment.clientSecret}
              submitLabel={`Pay ${formatMoney(payment.totalCents)}`}
              onOutcome={paid}
              actions={
                <Button variant="outline" onClick={() => setPayment(null)}>
                  Back
                </Button>
              }
            />
          ) : (
            <form noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={toPayment}>
              {FIELDS.map((field) => (
                <FormField
                  key={field.name}
                  label={field.label}
                  error={errors?.[field.name]?.message}
                  className={field.name === 'line1' || field.name === 'name' ? 'sm:col-span-2' : undefined}
                >
                  <Input
                    autoComplete={field.autoComplete}
                    required={!field.optional}
                    {...form.register(`shippingAddress.${field.name}`)}
                  />
                </FormField>
              ))}
              <div className="sm:col-span-2">
                <Button type="submit" disabled={!hasItems || form.formState.isSubmitting}>
                  Continue to payment
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
