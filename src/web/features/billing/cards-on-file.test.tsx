import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_POLICY } from '../../../shared/billing';
import type { SavedCard } from '../../../shared/saved-cards';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { fakePatientsServer } from '../../test/fake-patients-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CARD: SavedCard = {
  id: 'card-1',
  patientId: 'patient-1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  consentAt: '2026-11-20T10:00:00.000Z',
  consentVersion: '2026-11',
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** My Billing with the clinic's policy and the patient's cards answered here, the rest by the fake servers. */
function open(sessionBilling: boolean) {
  const billing = fakeBillingServer({ viewer: 'patient', invoices: [] });
  const patients = fakePatientsServer({ patients: [] });
  let cards = [CARD];
  const asked: string[] = [];
  renderApp({
    path: '/billing',
    role: 'patient',
    handle: (call) => {
      if (call.url === '/api/billing/policy')
        return jsonResponse({ policy: { ...DEFAULT_BILLING_POLICY, sessionBilling } });
      if (call.url.startsWith('/api/billing/cards')) {
        asked.push(`${call.method} ${call.url}`);
        if (call.method === 'DELETE') cards = [];
        return jsonResponse({ cards });
      }
      return billing.handle(call) ?? patients.handle(call);
    },
  });
  return asked;
}

describe('Card on file in My Billing', () => {
  it('shows the saved card and removes it after the confirmation', async () => {
    const asked = open(true);
    await screen.findByText('No invoices yet.', {}, { timeout: 15_000 });
    const section = await screen.findByRole('region', { name: 'Card on file' }, { timeout: 10_000 });
    expect(await within(section).findByText('Visa ending 4242')).toBeTruthy();
    expect(within(section).getByText(/Expires 12\/34 · consent given/)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Visa ending 4242' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await userEvent.click(within(confirm).getByRole('button', { name: /^Remove card$/ }));
    await waitFor(() => expect(within(section).getByText('No card on file.')).toBeTruthy());
    expect(asked).toContain('DELETE /api/billing/cards/card-1');
  });

  it('is not there, and asks for no cards, while the clinic does not bill sessions', async () => {
    const asked = open(false);
    await screen.findByText('No invoices yet.', {}, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Card on file' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
