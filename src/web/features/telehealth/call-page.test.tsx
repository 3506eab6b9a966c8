import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerCallEvent, TelehealthSession } from '../../../shared/telehealth';
import type { Role } from '../../../shared/vocabulary/roles';
import { APPOINTMENT_ID, installFakeMedia, sessionAs } from '../../test/fake-telehealth';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';

const PAT = '00000000-0000-4000-8000-000000000000';
const RILEY = '00000000-0000-4000-8000-000000000001';
const SAM = '00000000-0000-4000-8000-000000000002';
const SASHA = '00000000-0000-4000-8000-000000000003';
const path = `/telehealth-session/${APPOINTMENT_ID}`;
const STAFF = [
  { id: SAM, firstName: 'Sam', lastName: 'Ortiz', email: 'sam.ortiz@clinic.test' },
  { id: RILEY, firstName: 'Riley', lastName: 'Chen', email: 'riley@clinic.test' },
  { id: SASHA, firstName: 'Sasha', lastName: 'Lee', email: 'front.desk@clinic.test' },
];

let peers: { closed: boolean }[] = [];
beforeEach(() => {
  peers = installFakeMedia(vi).peerConnections;
});

function open(role: Role, session: TelehealthSession | Response) {
  const posted: { url: string; body: unknown }[] = [];
  const searches: string[] = [];
  const view = renderApp({
    path,
    role,
    handle: ({ method, url, body }) => {
      if (url === '/api/clinic/features')
        return jsonResponse({
          features: { careBetweenVisits: false, dataExchange: false, videoVisits: true },
        });
      if (url === `/api/telehealth/sessions/${APPOINTMENT_ID}` && method === 'GET')
        return session instanceof Response ? session : jsonResponse(session);
      if (url.startsWith(`/api/telehealth/sessions/${APPOINTMENT_ID}/`) && method === 'POST') {
        posted.push({ url, body });
        return jsonResponse({});
      }
      if (url.startsWith(`/api/telehealth/sessions/${APPOINTMENT_ID}/invitable?`)) {
        const q = new URL(url, 'http://clinic.test').searchParams.get('q') ?? '';
        searches.push(q);
        // The server's search: by name or email. Riley (the host) stands for someone already in the call.
        return jsonResponse({
          staff: STAFF.filter((member) =>
            `${member.firstName} ${member.lastName} ${member.email}`.toLowerCase().includes(q.toLowerCase()),
          ),
        });
      }
      return undefined;
    },
  });
  return { ...view, posted, searches, user: userEvent.setup() };
}

async function joinCall(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Join' }));
  const socket = await waitFor(() => {
    const found = WebSocketStub.instances.find((candidate) => candidate.url.includes('channel=telehealth'));
    if (!found) throw new Error('no telehealth socket');
    return found;
  });
  act(() => socket.accept());
  return socket;
}

const push = (socket: WebSocketStub, event: ServerCallEvent) => act(() => socket.receive(event));

describe('Video visit call page', () => {
  it('tells someone outside the call that there is no such visit', async () => {
    open('patient', jsonResponse({ message: 'Appointment not found' }, 404));
    expect(await screen.findByRole('heading', { name: 'Video visit not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to video visits' })).toHaveAttribute('href', '/telehealth');
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('checks the devices first: labelled choices, a level meter, and how to join', async () => {
    open('patient', sessionAs('patient'));
    expect(await screen.findByRole('heading', { name: 'Check your camera and microphone' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Camera' })).toHaveDisplayValue('Front camera');
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveDisplayValue('Built-in microphone');
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Start with my microphone muted' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Start with my camera off' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Blur my video' })).toHaveAccessibleDescription(
      /whole picture/,
    );
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it('puts the patient in the waiting room until the practitioner lets them in, then in the call', async () => {
    const { user } = open('patient', sessionAs('patient'));
    await user.click(await screen.findByRole('checkbox', { name: 'Start with my microphone muted' }));
    const socket = await joinCall(user);
    expect(socket.sent).toContainEqual({ type: 'join', appointmentId: APPOINTMENT_ID });
    const waiting = await screen.findByRole('heading', { name: 'Waiting for Riley Chen to let you in' });
    await waitFor(() => expect(waiting).toHaveFocus());
    expect(
      screen.getAllByRole('status').some((region) => /Waiting for Riley Chen/.test(region.textContent ?? '')),
    ).toBe(true);

    push(socket, {
      type: 'state',
      appointmentId: APPOINTMENT_ID,
      session: sessionAs('patient', {
        state: 'live',
        host: { present: true },
        patient: { present: true, admitted: true },
      }),
    });
    const controls = await screen.findByRole('toolbar', { name: 'Call controls' });
    expect(within(controls).getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(controls).queryByRole('button', { name: 'End visit' })).not.toBeInTheDocument();
    await waitFor(() => expect(peers).toHaveLength(1));
    await waitFor(() =>
      expect(socket.sent).toContainEqual({
        type: 'media',
        appointmentId: APPOINTMENT_ID,
        data: { audio: false, video: true, screen: false },
      }),
    );

    await user.click(within(controls).getByRole('button', { name: 'Camera off' }));
    expect(within(controls).getByRole('button', { name: 'Camera off' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(socket.sent).toContainEqual({
        type: 'media',
        appointmentId: APPOINTMENT_ID,
        data: { audio: false, video: false, screen: false },
      }),
    );
  });

  it('shows the other side muted, relays chat both ways and ends with a way back', async () => {
    const live = sessionAs('patient', {
      state: 'live',
      host: { present: true },
      patient: { present: true, admitted: true },
    });
    const { user } = open('patient', live);
    const socket = await joinCall(user);
    await screen.findByRole('toolbar', { name: 'Call controls' });

    push(socket, {
      type: 'media',
      appointmentId: APPOINTMENT_ID,
      from: RILEY,
      data: { audio: false, video: true, screen: false },
    });
    const tile = await screen.findByRole('figure', { name: "Riley Chen's video" });
    expect(within(tile).getByText('Muted')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((region) => region.textContent === 'Riley Chen muted their microphone'),
      ).toBe(true),
    );

    push(socket, {
      type: 'chat',
      appointmentId: APPOINTMENT_ID,
      from: RILEY,
      fromName: 'Riley Chen',
      text: 'Can you hear me?',
      sentAt: '2026-03-10T10:02:00.000Z',
    });
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(await within(log).findByText('Can you hear me?')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Yes, clearly{Enter}');
    expect(socket.sent).toContainEqual({ type: 'chat', appointmentId: APPOINTMENT_ID, text: 'Yes, clearly' });
    expect(within(log).queryByText('Yes, clearly')).not.toBeInTheDocument();
    push(socket, {
      type: 'chat',
      appointmentId: APPOINTMENT_ID,
      from: PAT,
      fromName: 'Pat Morgan',
      text: 'Yes, clearly',
      sentAt: '2026-03-10T10:02:30.000Z',
    });
    const own = await within(log).findByText('Yes, clearly');
    expect(own.closest('li')).toHaveTextContent(/^You/);

    push(socket, {
      type: 'state',
      appointmentId: APPOINTMENT_ID,
      session: { ...live, state: 'ended' },
    });
    expect(await screen.findByRole('heading', { name: 'The visit has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to video visits' })).toHaveAttribute('href', '/telehealth');
    await waitFor(() => expect(peers.every((peer) => peer.closed)).toBe(true));
  });

  it('lets the practitioner start the visit and admit the waiting patient', async () => {
    const { user, posted } = open('practitioner', sessionAs('host', { host: { present: true } }));
    const socket = await joinCall(user);
    await user.click(await screen.findByRole('button', { name: 'Start visit' }));
    await waitFor(() =>
      expect(posted.map((call) => call.url)).toContain(`/api/telehealth/sessions/${APPOINTMENT_ID}/start`),
    );

    push(socket, {
      type: 'state',
      appointmentId: APPOINTMENT_ID,
      session: sessionAs('host', { state: 'live', host: { present: true }, patient: { present: true } }),
    });
    const people = await screen.findByRole('list', { name: 'People' });
    expect(within(people).getByText('Patient · Waiting to be let in')).toBeInTheDocument();
    await user.click(within(people).getByRole('button', { name: 'Admit Pat Morgan' }));
    await waitFor(() =>
      expect(posted).toContainEqual({
        url: `/api/telehealth/sessions/${APPOINTMENT_ID}/admit`,
        body: { userId: PAT },
      }),
    );
    const controls = screen.getByRole('toolbar', { name: 'Call controls' });
    expect(within(controls).getByRole('button', { name: 'End visit' })).toBeEnabled();
    expect(within(controls).getByRole('button', { name: 'Mark completed' })).toBeEnabled();
    expect(within(controls).getByRole('button', { name: 'Open note' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(within(controls).getByRole('button', { name: 'End visit' }));
    await waitFor(() =>
      expect(posted.map((call) => call.url)).toContain(`/api/telehealth/sessions/${APPOINTMENT_ID}/end`),
    );
  });

  it('lets the practitioner find a staff member by name or email on the server and invite them', async () => {
    const { user, posted, searches } = open(
      'practitioner',
      sessionAs('host', { state: 'live', host: { present: true } }),
    );
    await joinCall(user);
    const invite = await screen.findByRole('combobox', { name: 'Invite a staff member' });
    expect(screen.getByRole('button', { name: 'Invite' })).toBeDisabled();

    // By email: the server is asked with what was typed, and its answer is offered as it is.
    await user.type(invite, 'front.desk');
    const byEmail = await screen.findByRole('listbox', { name: 'Staff' });
    await waitFor(() => expect(searches).toContain('front.desk'));
    await waitFor(() =>
      expect(
        within(byEmail)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Sasha Leefront.desk@clinic.test']),
    );
    await user.clear(invite);

    // By name, chosen with the keyboard; someone already in the call (Riley, the host) is never offered.
    await user.type(invite, 'r');
    await waitFor(() => expect(searches).toContain('r'));
    const list = await screen.findByRole('listbox', { name: 'Staff' });
    await waitFor(() =>
      expect(within(list).getByRole('option', { name: 'Sam Ortiz' })).toHaveAccessibleDescription(
        'sam.ortiz@clinic.test',
      ),
    );
    expect(within(list).queryByRole('option', { name: 'Riley Chen' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(invite).toHaveValue('Sam Ortiz');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(posted).toContainEqual({
        url: `/api/telehealth/sessions/${APPOINTMENT_ID}/invite`,
        body: { userId: SAM },
      }),
    );
  });

  it('says when no staff match the search', async () => {
    const { user } = open('practitioner', sessionAs('host', { state: 'live', host: { present: true } }));
    await joinCall(user);
    await user.type(await screen.findByRole('combobox', { name: 'Invite a staff member' }), 'nobody');
    expect(await screen.findByText('No staff match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeDisabled();
  });
});
