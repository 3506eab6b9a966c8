import type { z } from 'zod';
import {
  ConfirmDonationInputSchema,
  CreateDonationIntentInputSchema,
  DONATION_ERRORS,
  type Donation,
  dollarsToCents,
} from '../../../shared/donations';
import {
  CARD_ERRORS,
  intentIdFromClientSecret,
  type PaymentsConfig,
  TEST_CARDS,
  TestConfirmCardInputSchema,
} from '../../../shared/payments';
import { nextId } from '../../test/live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

/** A paid donation as GET /api/donations/mine answers it. */
export function donation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: nextId(),
    amountCents: 2500,
    currency: 'usd',
    status: 'paid',
    email: 'member@demo.clinic',
    firstName: 'Jordan',
    lastName: 'Lee',
    phone: null,
    description: 'Donation of $25',
    userId: null,
    paymentIntentId: `pi_${nextId().replace(/-/g, '')}`,
    cardLast4: '4242',
    createdAt: '2026-11-02T10:00:00.000Z',
    paidAt: '2026-11-02T10:01:00.000Z',
    refundedAt: null,
    ...overrides,
  };
}

type State = {
  config: PaymentsConfig;
  donations: Donation[];
  /** The answer confirm gives: recorded, or the record could not be updated. */
  confirmFails?: boolean;
};

/**
 * Answers the payment and donation calls like the server under the test provider: intents checked by the
 * contract's schema (400 with fields), Stripe's test cards (4242… succeeds, 4000…0002 is declined), confirm
 * marking the donation paid. Records every call.
 */
export function fakeDonationServer(initial: Partial<State> = {}) {
  const state: State = { config: { provider: 'test', publishableKey: null }, donations: [], ...initial };
  const calls: Call[] = [];
  const pending = new Map<string, Donation>();

  const createIntent = (body: unknown) => {
    const parsed = CreateDonationIntentInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const input = parsed.data;
    if (!input.email)
      return json({ message: DONATION_ERRORS.email, fields: { email: DONATION_ERRORS.email } }, 400);
    const intentId = `pi_${String(pending.size + 1).padStart(8, '0')}`;
    pending.set(
      intentId,
      donation({
        amountCents: dollarsToCents(input.amount),
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        status: 'pending',
        paymentIntentId: intentId,
        paidAt: null,
        cardLast4: null,
      }),
    );
    return json({ success: true, clientSecret: `${intentId}_secret_abc123`, paymentIntentId: intentId });
  };

  const confirmCard = (body: unknown) => {
    const parsed = TestConfirmCardInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const intentId = intentIdFromClientSecret(parsed.data.clientSecret) ?? '';
    const intent = pending.get(intentId);
    if (!intent) return json({ message: 'No such payment intent' }, 404);
    const refusals: Record<string, string> = {
      [TEST_CARDS.declined]: CARD_ERRORS.declined,
      [TEST_CARDS.insufficientFunds]: CARD_ERRORS.insufficientFunds,
    };
    const refusal = refusals[parsed.data.cardNumber];
    if (refusal)
      return json({ status: 'requires_payment_method', paymentIntentId: intentId, error: refusal });
    intent.cardLast4 = parsed.data.cardNumber.slice(-4);
    intent.status = 'paid';
    return json({ status: 'succeeded', paymentIntentId: intentId });
  };

  const confirm = (body: unknown) => {
    const parsed = ConfirmDonationInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    if (state.confirmFails) return json({ success: false, error: 'The donation record is locked' });
    const intent = pending.get(parsed.data.paymentIntentId);
    if (!intent) return json({ message: DONATION_ERRORS.notFound }, 404);
    if (intent.status !== 'paid') return json({ message: DONATION_ERRORS.notSucceeded }, 409);
    if (!state.donations.includes(intent)) state.donations.unshift(intent);
    return json({ success: true });
  };

  const handle = ({ method, url, body }: Call) => {
    if (!url.startsWith('/api/payments') && !url.startsWith('/api/donations')) return undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && url === '/api/payments/config') return json(state.config);
    if (method === 'GET' && url === '/api/donations/mine') return json({ donations: state.donations });
    if (method === 'POST' && url === '/api/donations/create-payment-intent') return createIntent(body);
    if (method === 'POST' && url === '/api/payments/test/confirm-card') return confirmCard(body);
    if (method === 'POST' && url === '/api/donations/confirm') return confirm(body);
    return json({ message: 'Not found' }, 404);
  };

  return { state, calls, handle };
}
