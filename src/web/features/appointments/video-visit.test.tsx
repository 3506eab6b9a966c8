import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../shared/scheduling';
import { appointment, SERVICE_TYPES } from '../../test/fake-scheduling-server';
import { ServiceField } from './appointment-fields';
import { VideoVisitMark } from './video-visit';

const show = (value: Appointment) =>
  render(
    <MemoryRouter>
      <VideoVisitMark appointment={value} withJoin />
    </MemoryRouter>,
  );

describe('an appointment held as a video visit', () => {
  it('shows "Video visit" and a link to join the call at its address inside the app', () => {
    const held = appointment({
      isVideo: true,
      joinUrl: 'https://clinic.example/telehealth-session/00000000-0000-4000-8000-00000000a701',
    });
    show(held);
    expect(screen.getByText('Video visit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join video visit' })).toHaveAttribute(
      'href',
      '/telehealth-session/00000000-0000-4000-8000-00000000a701',
    );
  });

  it('offers no way in once the appointment is cancelled', () => {
    show(
      appointment({
        isVideo: true,
        joinUrl: 'https://clinic.example/telehealth-session/x',
        status: 'cancelled',
      }),
    );
    expect(screen.getByText('Video visit')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing while the answer carries no isVideo (video visits off)', () => {
    const { container } = show(appointment());
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the booking dialogs’ service field', () => {
  const services = [SERVICE_TYPES[0], { ...SERVICE_TYPES[1], isVideo: true }];

  it('marks the chosen video service with a "Video visit" badge and its hint', () => {
    render(<ServiceField services={services} value={services[1].id} onChange={() => undefined} />);
    expect(screen.getByText('Video visit')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveAccessibleDescription(
      `Lasts ${services[1].durationMinutes} minutes · Video visit`,
    );
  });

  it('says nothing of video for a service without it', () => {
    render(<ServiceField services={services} value={services[0].id} onChange={() => undefined} />);
    expect(screen.queryByText('Video visit')).not.toBeInTheDocument();
  });
});
