import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/vocabulary/roles';
import { invoice } from '../../test/billing-fixtures';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { renderApp } from '../../test/render-app';

/** The record panel's Invoices tab: the patient's invoices, each opening on the billing page. */
function open(role: Role) {
  const pat = patientRecord({ firstName: 'Pat', lastName: 'Morgan', practitioners: [PRACTITIONERS[0]] });
  const mine = invoice({ patientId: pat.id, number: 'INV-000005', status: 'overdue', balanceCents: 4000 });
  const draft = invoice({ patientId: pat.id, number: null, status: 'draft', issueDate: null });
  const theirs = invoice({ number: 'INV-000006' });
  const billing = fakeBillingServer({ invoices: [mine, draft, theirs] });
  const patients = fakePatientsServer({ patients: [pat] });
  const view = renderApp({
    path: `/clients?patient=${pat.id}&tab=invoices`,
    role,
    handle: (call) => patients.handle(call) ?? billing.handle(call),
  });
  return { ...view, pat, mine, billing };
}

describe('the record panel’s invoices', () => {
  it.each(['staff', 'practitioner'] as const)(
    'shows %s the patient’s invoices, asked for by patient',
    async (role) => {
      const { pat, mine, billing } = open(role);
      const panel = await screen.findByRole('dialog', { name: 'Pat Morgan' }, { timeout: 10_000 });
      expect(within(panel).getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
      const section = await within(panel).findByRole('region', { name: 'Invoices' }, { timeout: 10_000 });
      const table = await within(section).findByRole('table', {
        name: 'Invoices of Pat Morgan: 2, newest first',
      });
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['INV-000005', '2 Nov 2026', '2 Dec 2026', '$100.00', '$40.00', 'Overdue'],
        ['Draft', '—', '2 Dec 2026', '$100.00', '$100.00', 'Draft'],
      ]);
      expect(within(table).getByRole('link', { name: 'INV-000005' })).toHaveAttribute(
        'href',
        `/billing?invoice=${mine.id}`,
      );
      const asked = billing.calls.filter((call) => call.url.startsWith('/api/invoices?'));
      expect(asked.map((call) => new URL(call.url, 'http://x').searchParams.get('patientId'))).toEqual([
        pat.id,
      ]);
    },
  );

  it('opens the invoice on the billing page from its link', async () => {
    const { router, mine } = open('staff');
    const link = await screen.findByRole('link', { name: 'INV-000005' }, { timeout: 10_000 });
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/billing');
    expect(
      await screen.findByRole('dialog', { name: 'Invoice INV-000005' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?invoice=${mine.id}`);
  });
});
