import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VideoVisit } from '../../../shared/telehealth';
import type { Role } from '../../../shared/vocabulary/roles';
import { APPOINTMENT_ID, visit } from '../../test/fake-telehealth';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

function open(role: Role, { videoVisits = true, visits = [visit()] as VideoVisit[] } = {}) {
  return renderApp({
    path: '/telehealth',
    role,
    handle: ({ url }) => {
      if (url === '/api/clinic/features')
        return jsonResponse({ features: { careBetweenVisits: false, dataExchange: false, videoVisits } });
      if (url === '/api/telehealth/visits') return jsonResponse({ visits });
      return undefined;
    },
  });
}

describe('Telehealth page', () => {
  it('is an unknown address, and the sidebar keeps the placeholder, while video visits are off', async () => {
    open('patient', { videoVisits: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('turns the sidebar entry into a link to the page while video visits are on', async () => {
    open('patient');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Telehealth' })).toHaveAttribute(
      'href',
      '/telehealth',
    );
    expect(within(nav).queryByText('Telehealth (Coming Soon)')).not.toBeInTheDocument();
  });

  it('lists a patient’s video visits of today with their practitioner and a way in', async () => {
    open('patient', {
      visits: [
        visit({ state: 'live' }),
        visit({
          appointmentId: '00000000-0000-4000-8000-00000000a702',
          startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          endTime: new Date(Date.now() + 3 * 86_400_000 + 1_800_000).toISOString(),
        }),
      ],
    });
    const today = await screen.findByRole('list', { name: 'Today' });
    expect(within(today).getByText('Riley Chen')).toBeInTheDocument();
    expect(within(today).getByText('In progress')).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: /^Join: Riley Chen/ })).toHaveAttribute(
      'href',
      `/telehealth-session/${APPOINTMENT_ID}`,
    );
    const upcoming = screen.getByRole('list', { name: 'Upcoming' });
    expect(within(upcoming).getByText('Not started')).toBeInTheDocument();
  });

  it('offers the practitioner "Start visit" on a visit not started, naming the patient', async () => {
    open('practitioner');
    const today = await screen.findByRole('list', { name: 'Today' });
    expect(within(today).getByRole('link', { name: /^Start visit: Pat Morgan/ })).toBeInTheDocument();
  });

  it('says so when there are no video visits', async () => {
    open('staff', { visits: [] });
    expect(await screen.findByText('No video visits today.')).toBeInTheDocument();
    expect(screen.getByText('No upcoming video visits in the next two weeks.')).toBeInTheDocument();
  });
});
