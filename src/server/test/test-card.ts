import { TEST_CARDS } from '../../shared/payments';
import type { TestApp } from './app';

/** Confirms a payment intent with a test card, as the card form does against the built-in test provider. */
export const payWithTestCard = (
  t: Pick<TestApp, 'app'>,
  clientSecret: string,
  cardNumber = TEST_CARDS.success,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-card',
    payload: { clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
  });
