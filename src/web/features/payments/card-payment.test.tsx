import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_ERRORS, type PaymentsConfig } from '../../../shared/payments';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse } from '../../test/fixtures';
import { CardPayment } from './card-payment';

const confirmPayment = vi.fn();

// Stripe's own frame cannot run here; its React bindings are replaced by the smallest stand-ins.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
  PaymentElement: () => <p>Stripe card fields</p>,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

function renderCardPayment(config: PaymentsConfig, answer?: (body: unknown) => Response) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/payments/config') return jsonResponse(config);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push(body);
      return answer?.(body) ?? jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  const onOutcome = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CardPayment clientSecret="pi_123_secret_abc" submitLabel="Pay $10" onOutcome={onOutcome} />
    </QueryClientProvider>,
  );
  return { calls, onOutcome };
}

describe('the card step', () => {
  beforeEach(() => confirmPayment.mockReset());

  it('under the test provider, names what is missing on the field itself and sends nothing', async () => {
    const { calls, onOutcome } = renderCardPayment({ provider: 'test', publishableKey: null });
    const number = await screen.findByLabelText('Card number');
    await waitFor(() => expect(number).toHaveFocus());
    await userEvent.type(number, '4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $10' }));
    expect(number).toHaveAccessibleDescription('Enter the card number.');
    expect(number).toHaveFocus();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription(
      'Enter the expiry date as MM/YY.',
    );
    expect(calls).toEqual([]);
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it('under the test provider, sends the digits and reports the provider’s refusal', async () => {
    const { calls, onOutcome } = renderCardPayment({ provider: 'test', publishableKey: null }, () =>
      jsonResponse({
        status: 'requires_payment_method',
        paymentIntentId: 'pi_123',
        error: CARD_ERRORS.declined,
      }),
    );
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '0931');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('09/31');
    await userEvent.type(screen.getByLabelText('CVC'), '12a3');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $10' }));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({ status: 'failed', message: CARD_ERRORS.declined }),
    );
    expect(calls).toEqual([
      { clientSecret: 'pi_123_secret_abc', cardNumber: '4000000000000002', expiry: '09/31', cvc: '123' },
    ]);
  });

  it('under Stripe, pays through Stripe Elements and reports the succeeded intent', async () => {
    confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const { calls, onOutcome } = renderCardPayment({ provider: 'stripe', publishableKey: 'pk_test_123' });
    expect(await screen.findByText('Stripe card fields')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $10' }));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({ status: 'succeeded', paymentIntentId: 'pi_123' }),
    );
    expect(confirmPayment).toHaveBeenCalledWith({ elements: {}, redirect: 'if_required' });
    expect(calls).toEqual([]);
  });

  it('under Stripe, a refused card leaves with Stripe’s message and an incomplete one stays', async () => {
    confirmPayment
      .mockResolvedValueOnce({
        error: { type: 'validation_error', message: 'Your card number is incomplete.' },
      })
      .mockResolvedValueOnce({ error: { type: 'card_error', message: CARD_ERRORS.insufficientFunds } });
    const { onOutcome } = renderCardPayment({ provider: 'stripe', publishableKey: 'pk_test_123' });
    const pay = await screen.findByRole('button', { name: 'Pay $10' });
    await userEvent.click(pay);
    await waitFor(() => expect(confirmPayment).toHaveBeenCalledTimes(1));
    expect(onOutcome).not.toHaveBeenCalled();
    await userEvent.click(pay);
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({ status: 'failed', message: CARD_ERRORS.insufficientFunds }),
    );
  });
});
