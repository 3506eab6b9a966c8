import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { confirmTestCard, confirmTestSetup } from './api';
import type { CardFormProps, SetupFormProps } from './card-outcome';

type CardFields = { cardNumber: string; expiry: string; cvc: string };
type CardErrors = Partial<Record<keyof CardFields, string>>;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Groups the number in fours as it is typed, like the printed card. */
const groupCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Puts the slash in MM/YY once the month is typed. */
const formatExpiry = (value: string) => {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** Only completeness is checked here; whether the card is valid is the provider's answer. */
function incompleteFields({ cardNumber, expiry, cvc }: CardFields): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(cardNumber).length;
  if (digits < 12 || digits > 19) errors.cardNumber = 'Enter the card number.';
  if (!/^\d{2}\/\d{2}$/.test(expiry)) errors.expiry = 'Enter the expiry date as MM/YY.';
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'Enter the 3 or 4 digit security code.';
  return errors;
}

type FieldsFormProps = Pick<CardFormProps, 'submitLabel' | 'actions'> &
  Pick<SetupFormProps, 'children' | 'onBeforeSubmit'> & {
    /** Asks the test provider with the card; reports the outcome itself. */
    confirm: (card: CardFields) => Promise<void>;
    /** What the status line says while the provider answers. */
    processingLabel: string;
    /** The card's message when asking failed outright. */
    onFailed: (message: string | null) => void | Promise<void>;
  };

/** The built-in test provider's card form: it behaves like the provider's test mode and sends no card to a bank. */
export function TestCardForm({ clientSecret, submitLabel, onOutcome, actions }: CardFormProps) {
  return (
    <TestCardFieldsForm
      submitLabel={submitLabel}
      actions={actions}
      processingLabel="Processing your payment…"
      onFailed={(message) => onOutcome({ status: 'failed', message })}
      confirm={async (card) => {
        const answer = await confirmTestCard({ clientSecret, ...card });
        await onOutcome(
          answer.status === 'succeeded'
            ? { status: 'succeeded', paymentIntentId: answer.paymentIntentId }
            : { status: 'failed', message: answer.error ?? null },
        );
      }}
    />
  );
}

/** The test provider's form for saving a card on file (a setup intent): nothing is charged. */
export function TestCardSetupForm({
  clientSecret,
  submitLabel,
  onOutcome,
  actions,
  children,
  onBeforeSubmit,
}: SetupFormProps) {
  return (
    <TestCardFieldsForm
      submitLabel={submitLabel}
      actions={actions}
      onBeforeSubmit={onBeforeSubmit}
      processingLabel="Saving your card…"
      onFailed={(message) => onOutcome({ status: 'failed', message })}
      confirm={async (card) => {
        const answer = await confirmTestSetup({ clientSecret, ...card });
        await onOutcome(
          answer.status === 'succeeded'
            ? { status: 'succeeded', setupIntentId: answer.setupIntentId }
            : { status: 'failed', message: answer.error ?? null },
        );
      }}
    >
      {children}
    </TestCardFieldsForm>
  );
}

function TestCardFieldsForm({
  submitLabel,
  actions,
  children,
  onBeforeSubmit,
  confirm,
  processingLabel,
  onFailed,
}: FieldsFormProps) {
  const [fields, setFields] = useState<CardFields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [isPaying, setIsPaying] = useState(false);
  const cardNumberInput = useRef<HTMLInputElement>(null);
  useEffect(() => cardNumberInput.current?.focus(), []);

  const change = (name: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const missing = incompleteFields(fields);
    const allowed = onBeforeSubmit ? onBeforeSubmit() : true;
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      const first = (['cardNumber', 'expiry', 'cvc'] as const).find((name) => missing[name]);
      if (first) document.getElementById(`card-${first}`)?.focus();
      return;
    }
    if (!allowed) return;
    setIsPaying(true);
    try {
      const card = { cardNumber: digitsOf(fields.cardNumber), expiry: fields.expiry, cvc: fields.cvc };
      await confirm(card).finally(() => setIsPaying(false));
    } catch (caught) {
      const message = isApiRequestError(caught) && caught.isServerMessage ? caught.message : null;
      await onFailed(message);
    }
  };

  return (
    <form onSubmit={pay} noValidate aria-label="Card details" className="flex flex-col gap-4">
      <FormField label="Card number" error={errors.cardNumber}>
        <Input
          id="card-cardNumber"
          ref={cardNumberInput}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={fields.cardNumber}
          onChange={(event) => change('cardNumber', groupCardNumber(event.target.value))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={errors.expiry}>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={fields.expiry}
            onChange={(event) => change('expiry', formatExpiry(event.target.value))}
          />
        </FormField>
        <FormField label="CVC" error={errors.cvc}>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={fields.cvc}
            onChange={(event) => change('cvc', digitsOf(event.target.value).slice(0, 4))}
          />
        </FormField>
      </div>
      <p className="text-muted-foreground text-xs">
        Test payments: no card is charged. 4242 4242 4242 4242 succeeds with any future expiry and any CVC.
      </p>
      {children}
      {isPaying ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="size-4" />
          {processingLabel}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {actions}
        <Button type="submit" disabled={isPaying}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
