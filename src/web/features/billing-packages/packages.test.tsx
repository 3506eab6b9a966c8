import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_POLICY } from '../../../shared/billing';
import type { PatientPackage, SessionPackage } from '../../../shared/billing-packages';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { fakePatientsServer } from '../../test/fake-patients-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SERVICE = { id: '11111111-1111-4111-8111-111111111111', name: 'Physiotherapy' };
const FIVE: SessionPackage = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Five physio sessions',
  sessions: 5,
  priceCents: 40_000,
  isActive: true,
  services: [SERVICE],
};
const HELD: PatientPackage = {
  id: '33333333-3333-4333-8333-333333333333',
  packageId: FIVE.id,
  name: FIVE.name,
  sessionsTotal: 5,
  sessionsUsed: 2,
  sessionsLeft: 3,
  services: [SERVICE.name],
  invoiceId: '44444444-4444-4444-8444-444444444444',
  invoiceNumber: 'INV-000007',
  purchasedAt: '2026-11-01T10:00:00.000Z',
};
const policy = { ...DEFAULT_BILLING_POLICY, sessionBilling: true };

describe('the Packages section of the billing policy', { timeout: 20_000 }, () => {
  it('lists the packages and adds one, refusing sessions out of range first', async () => {
    const posted: unknown[] = [];
    let packages = [FIVE];
    renderApp({
      path: '/settings?tab=billing-policy',
      role: 'admin',
      handle: (call) => {
        if (call.url === '/api/billing/policy') return jsonResponse({ policy });
        if (call.url === '/api/service-types')
          return jsonResponse([
            { ...SERVICE, durationMinutes: 45, priceCents: 9000, colour: '#2563eb', active: true },
          ]);
        if (call.url === '/api/billing/packages' && call.method === 'POST') {
          posted.push(call.body);
          const made = { ...FIVE, id: '55555555-5555-4555-8555-555555555555', name: 'Ten sessions' };
          packages = [...packages, made];
          return jsonResponse({ package: made }, 201);
        }
        if (call.url === '/api/billing/packages') return jsonResponse({ packages });
        return undefined;
      },
    });
    const section = await screen.findByRole('region', { name: 'Packages' }, { timeout: 10_000 });
    const table = await within(section).findByRole('table', { name: 'Packages' });
    expect(within(table).getByRole('rowheader', { name: FIVE.name })).toBeTruthy();
    expect(within(table).getByText('$400.00')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'New package' }));
    const dialog = await screen.findByRole('dialog', { name: 'New package' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ten sessions');
    await userEvent.type(within(dialog).getByLabelText('Sessions'), '101');
    await userEvent.type(within(dialog).getByLabelText('Price ($)'), '750');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: SERVICE.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save package' }));
    expect(await within(dialog).findByText('Sessions must be a whole number from 1 to 100')).toBeTruthy();
    expect(posted).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('Sessions'));
    await userEvent.type(within(dialog).getByLabelText('Sessions'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New package' })).toBeNull());
    expect(posted).toEqual([
      {
        name: 'Ten sessions',
        sessions: 10,
        priceCents: 75_000,
        serviceTypeIds: [SERVICE.id],
        isActive: true,
      },
    ]);
    expect(await within(section).findByRole('rowheader', { name: 'Ten sessions' })).toBeTruthy();
  });

  it('is not there while the clinic does not bill sessions', async () => {
    const asked: string[] = [];
    renderApp({
      path: '/settings?tab=billing-policy',
      role: 'admin',
      handle: (call) => {
        asked.push(call.url);
        if (call.url === '/api/billing/policy') return jsonResponse({ policy: DEFAULT_BILLING_POLICY });
        return undefined;
      },
    });
    await screen.findByRole('switch', { name: 'Session billing' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Packages' })).toBeNull();
    expect(asked).not.toContain('/api/billing/packages');
  });
});

describe('packages in My Billing', { timeout: 20_000 }, () => {
  it("shows the patient's packages with the sessions left", async () => {
    const billing = fakeBillingServer({ viewer: 'patient', invoices: [] });
    const patients = fakePatientsServer({ patients: [] });
    const asked: string[] = [];
    renderApp({
      path: '/billing',
      role: 'patient',
      handle: (call) => {
        if (call.url === '/api/billing/policy') return jsonResponse({ policy });
        if (call.url === '/api/billing/cards') return jsonResponse({ cards: [] });
        if (call.url.startsWith('/api/billing/patient-packages')) {
          asked.push(call.url);
          return jsonResponse({ packages: [HELD] });
        }
        return billing.handle(call) ?? patients.handle(call);
      },
    });
    const section = await screen.findByRole('region', { name: 'Packages' }, { timeout: 15_000 });
    const item = await within(section).findByRole('listitem');
    expect(within(item).getByText(FIVE.name)).toBeTruthy();
    expect(within(item).getByText('3 of 5 sessions left')).toBeTruthy();
    // The patient asks for their own: no patient id goes with the call.
    expect(asked).toEqual(['/api/billing/patient-packages']);
  });
});
