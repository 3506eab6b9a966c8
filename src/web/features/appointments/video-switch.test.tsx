import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../shared/scheduling';
import { chooseFromCombobox } from '../../test/combobox';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { appointment, fakeSchedulingServer, SERVICE_TYPES } from '../../test/fake-scheduling-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/*
 * The booking and reschedule dialogs' own "Video visit" switch: there only while the clinic has video visits
 * on, following the chosen service until changed, keeping an appointment's kind when it is edited, and sent
 * only while on (with them off, the requests are the specification's).
 */
const HOUR = 3_600_000;
const ada = patientRecord({ firstName: 'Ada', lastName: 'Lovelace' });
const [inPerson, followUp] = SERVICE_TYPES;

/** Two days ahead on the hour, so the appointment is upcoming whenever the test runs. */
const ahead = (hours: number, minutes = 30) => {
  const start = new Date(Date.now() + hours * HOUR);
  start.setMinutes(0, 0, 0);
  return {
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
  };
};

function open(videoVisits: boolean, appointments: Appointment[]) {
  const scheduling = fakeSchedulingServer({ now: new Date().toISOString(), appointments });
  const patients = fakePatientsServer({ patients: [ada] });
  const view = renderApp({
    path: '/appointments',
    role: 'staff',
    handle: (call) => {
      if (call.url === '/api/clinic/features')
        return jsonResponse({ features: { careBetweenVisits: false, dataExchange: false, videoVisits } });
      // The services answer isVideo only while video visits are on; "Follow-up" is the video service.
      if (call.url === '/api/service-types' && videoVisits)
        return jsonResponse([
          { ...inPerson, isVideo: false },
          { ...followUp, isVideo: true },
        ]);
      return scheduling.handle(call) ?? patients.handle(call);
    },
  });
  return { ...view, scheduling, user: userEvent.setup() };
}

const lastCall = (scheduling: ReturnType<typeof fakeSchedulingServer>, method: string) =>
  scheduling.calls.filter((call) => call.method === method).at(-1);

async function openReschedule(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('table', { name: /^Upcoming appointments/ }, { timeout: 20_000 });
  await user.click(within(table).getByRole('button', { name: /^More actions for Pat Morgan on / }));
  await user.click(await screen.findByRole('menuitem', { name: /^Reschedule: Pat Morgan/ }));
  return screen.findByRole('dialog', { name: 'Reschedule appointment' });
}

describe('the appointment dialogs’ video visit switch', { timeout: 60_000 }, () => {
  it('books with the service’s kind of visit unless the switch says otherwise', async () => {
    const { scheduling, user } = open(true, []);
    await user.click(await screen.findByRole('button', { name: 'New appointment' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' });
    const toggle = await within(dialog).findByRole('switch', { name: 'Video visit' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Held as a call in the browser/);

    await chooseFromCombobox(dialog, { label: 'Service', option: followUp.name });
    expect(toggle).toBeChecked();
    await chooseFromCombobox(dialog, { label: 'Service', option: inPerson.name });
    expect(toggle).not.toBeChecked();
    await chooseFromCombobox(dialog, { label: 'Service', option: followUp.name });
    expect(toggle).toBeChecked();
    // This one follow-up is held in person: the switch, by keyboard.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();

    await chooseFromCombobox(dialog, { label: 'Patient', search: 'Ada', option: 'Ada Lovelace' });
    await chooseFromCombobox(dialog, {
      label: 'Practitioner',
      option: `${PRACTITIONERS[0].firstName} ${PRACTITIONERS[0].lastName}`,
    });
    const when = new Date(ahead(50).startsAt);
    const pad = (n: number) => String(n).padStart(2, '0');
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(
      within(dialog).getByLabelText('Day'),
      `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`,
    );
    await user.selectOptions(within(dialog).getByLabelText('Time'), `${pad(when.getHours())}:00`);
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastCall(scheduling, 'POST')?.body).toEqual({
      patientId: ada.id,
      practitionerId: PRACTITIONERS[0].id,
      serviceTypeId: followUp.id,
      startsAt: when.toISOString(),
      isVideo: false,
    });
  });

  it('switches an in-person appointment to a video visit, and keeps a video visit’s kind when moved', async () => {
    const plain = appointment({ ...ahead(30), isVideo: false });
    const { scheduling, user } = open(true, [plain]);
    const dialog = await openReschedule(user);
    const toggle = within(dialog).getByRole('switch', { name: 'Video visit' });
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastCall(scheduling, 'PATCH')?.body).toEqual({ startsAt: plain.startsAt, isVideo: true });
    expect(await screen.findByText('Now a video visit')).toBeInTheDocument();

    // Opened again, it shows the appointment as it now is: a video visit.
    const again = await openReschedule(user);
    await waitFor(() => expect(within(again).getByRole('switch', { name: 'Video visit' })).toBeChecked());
  });

  it('has no switch and sends nothing of video while the clinic has video visits off', async () => {
    const plain = appointment({ ...ahead(30) });
    const { scheduling, user } = open(false, [plain]);
    const dialog = await openReschedule(user);
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastCall(scheduling, 'PATCH')?.body).toEqual({ startsAt: plain.startsAt });

    await user.click(screen.getByRole('button', { name: 'New appointment' }));
    const booking = await screen.findByRole('dialog', { name: 'New appointment' });
    await chooseFromCombobox(booking, { label: 'Service', option: followUp.name });
    expect(within(booking).queryByRole('switch')).toBeNull();
    expect(within(booking).queryByText('Video visit')).toBeNull();
  });
});
