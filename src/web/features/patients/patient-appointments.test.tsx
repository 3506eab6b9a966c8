import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/vocabulary/roles';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { appointment, fakeSchedulingServer } from '../../test/fake-scheduling-server';
import { renderApp } from '../../test/render-app';
import { whenLabel } from '../appointments/appointment-status';

/** The record panel's Appointments tab: the patient's upcoming, past and cancelled appointments. */
function open(role: Role) {
  const pat = patientRecord({ firstName: 'Pat', lastName: 'Morgan', practitioners: [PRACTITIONERS[0]] });
  const other = patientRecord({ firstName: 'Ava', lastName: 'Hughes' });
  const mine = (overrides: Parameters<typeof appointment>[0]) =>
    appointment({ patientId: pat.id, patientName: 'Pat Morgan', ...overrides });
  const soon = mine({ startsAt: '2026-03-03T09:00:00.000Z', endsAt: '2026-03-03T09:45:00.000Z' });
  const later = mine({
    startsAt: '2026-03-10T09:00:00.000Z',
    endsAt: '2026-03-10T09:30:00.000Z',
    status: 'confirmed',
  });
  const lastWeek = mine({
    startsAt: '2026-02-20T09:00:00.000Z',
    endsAt: '2026-02-20T09:30:00.000Z',
    status: 'completed',
  });
  const earlier = mine({
    startsAt: '2026-02-10T09:00:00.000Z',
    endsAt: '2026-02-10T09:30:00.000Z',
    status: 'no_show',
  });
  const dropped = mine({
    startsAt: '2026-03-05T09:00:00.000Z',
    endsAt: '2026-03-05T09:30:00.000Z',
    status: 'cancelled',
  });
  const theirs = appointment({ patientId: other.id, patientName: 'Ava Hughes' });
  const scheduling = fakeSchedulingServer({
    appointments: [later, lastWeek, soon, theirs, dropped, earlier],
    now: '2026-03-01T00:00:00.000Z',
  });
  const patients = fakePatientsServer({ patients: [pat, other] });
  const handle = (call: { method: string; url: string; body: unknown }) =>
    patients.handle(call) ?? scheduling.handle(call);
  renderApp({ path: `/clients?patient=${pat.id}&tab=appointments`, role, handle });
  return { pat, scheduling, soon, later, lastWeek, earlier, dropped };
}

const section = async (name: string) => {
  const panel = await screen.findByRole('dialog', { name: 'Pat Morgan' }, { timeout: 10_000 });
  return within(panel).findByRole('region', { name }, { timeout: 10_000 });
};
const rows = async (region: HTMLElement) =>
  within(await within(region).findByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the record panel’s appointments', () => {
  it.each(['staff', 'practitioner'] as const)(
    'shows %s the patient’s upcoming appointments earliest first, and the past and cancelled ones newest first',
    async (role) => {
      const { pat, scheduling, soon, later, lastWeek, earlier, dropped } = open(role);
      const upcoming = await section('Upcoming appointments');
      expect(await rows(upcoming)).toEqual([
        [whenLabel(soon), 'Riley Chen', soon.serviceName, 'Scheduled'],
        [whenLabel(later), 'Riley Chen', later.serviceName, 'Confirmed'],
      ]);
      expect(within(upcoming).getByRole('link', { name: whenLabel(soon) })).toHaveAttribute(
        'href',
        `/appointments?appointment=${soon.id}`,
      );
      expect(within(upcoming).getByRole('table')).toHaveAccessibleName(
        'Upcoming appointments of Pat Morgan: 2 shown, earliest first',
      );
      expect((await rows(await section('Past appointments'))).map((row) => [row[0], row[3]])).toEqual([
        [whenLabel(lastWeek), 'Completed'],
        [whenLabel(earlier), 'No-show'],
      ]);
      expect((await rows(await section('Cancelled appointments'))).map((row) => row[0])).toEqual([
        whenLabel(dropped),
      ]);
      // Only this patient's appointments are asked for.
      const asked = scheduling.calls
        .filter((call) => call.url.startsWith('/api/appointments?'))
        .map((call) => new URL(call.url, 'http://x').searchParams.get('patientId'));
      expect(new Set(asked)).toEqual(new Set([pat.id]));
    },
  );

  it('says when the patient has no appointments of a kind', async () => {
    const pat = patientRecord({ firstName: 'Pat', lastName: 'Morgan' });
    const scheduling = fakeSchedulingServer({ appointments: [], now: '2026-03-01T00:00:00.000Z' });
    const patients = fakePatientsServer({ patients: [pat] });
    renderApp({
      path: `/clients?patient=${pat.id}&tab=appointments`,
      role: 'staff',
      handle: (call) => patients.handle(call) ?? scheduling.handle(call),
    });
    expect(await section('Upcoming appointments')).toHaveTextContent('No upcoming appointments.');
    expect(await section('Past appointments')).toHaveTextContent('No past appointments.');
    expect(await section('Cancelled appointments')).toHaveTextContent('No cancelled appointments.');
  });
});
