import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreateScheduleInputSchema, type Schedule } from '../../../shared/check-ins';
import type { Role } from '../../../shared/vocabulary/roles';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { SERVICE_TYPES } from '../../test/fake-scheduling-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { fakeSettingsServer } from '../scheduling-settings/testing';
import { invalidateCheckIns } from './live';
import { scheduleWords } from './schedules';

const [assessment, followUp] = SERVICE_TYPES;
const pat = patientRecord({ firstName: 'Pat', lastName: 'Morgan', practitioners: [PRACTITIONERS[0]] });

let serial = 0;
function schedule(overrides: Partial<Schedule>): Schedule {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    patientId: null,
    serviceTypeId: null,
    serviceTypeName: null,
    measure: 'nprs',
    trigger: 'intake',
    interval: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };

/**
 * The check-in schedule calls answered from memory as the server does: the patient's own with their
 * services' (include=services), the clinic's per-service ones, create checked by the shared schema (with
 * a service the server does not know refused on its field) and delete.
 */
function fakeSchedules({ on = true, items = [] as Schedule[], bookedServices = [assessment!.id] } = {}) {
  const state = { items: [...items] };
  const calls: Call[] = [];
  const handle = ({ method, url, body }: Call): Response | undefined => {
    if (url === '/api/clinic/features') return jsonResponse({ features: { careBetweenVisits: on } });
    if (!url.startsWith('/api/check-ins')) return undefined;
    calls.push({ method, url, body });
    const { pathname, searchParams } = new URL(url, 'http://app.test');
    if (pathname === '/api/check-ins/schedules' && method === 'GET') {
      const patientId = searchParams.get('patientId');
      const withServices = searchParams.get('include') === 'services';
      return jsonResponse({
        items: state.items.filter((item) =>
          patientId
            ? item.patientId === patientId ||
              (withServices && item.serviceTypeId !== null && bookedServices.includes(item.serviceTypeId))
            : item.patientId === null,
        ),
      });
    }
    if (pathname === '/api/check-ins/schedules' && method === 'POST') {
      const parsed = CreateScheduleInputSchema.safeParse(body);
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
        return jsonResponse({ message: 'Invalid request', code: 'VALIDATION_FAILED', fields }, 400);
      }
      const input = parsed.data;
      const service = SERVICE_TYPES.find((item) => item.id === input.serviceTypeId);
      if (input.serviceTypeId && !service)
        return jsonResponse(
          { message: 'Service type not found', fields: { serviceTypeId: 'Service type not found' } },
          400,
        );
      const created = schedule({
        patientId: input.patientId ?? null,
        serviceTypeId: input.serviceTypeId ?? null,
        serviceTypeName: service?.name ?? null,
        measure: input.measure,
        trigger: input.trigger,
        interval: input.interval ?? null,
      });
      state.items.push(created);
      return jsonResponse(created, 201);
    }
    const one = /^\/api\/check-ins\/schedules\/([^/]+)$/.exec(pathname);
    if (one && method === 'DELETE') {
      state.items = state.items.filter((item) => item.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  };
  return { handle, calls, state };
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

function openRecord(role: Role, schedules: ReturnType<typeof fakeSchedules>) {
  const patients = fakePatientsServer({ patients: [pat] });
  const view = renderApp({
    path: `/clients?patient=${pat.id}&tab=notes`,
    role,
    handle: (call) => schedules.handle(call) ?? patients.handle(call),
  });
  return { ...view, user: userEvent.setup() };
}

const findSection = () =>
  screen.findByRole('region', { name: 'Check-in schedule' }, { timeout: 10_000 }).then(async (section) => {
    await waitFor(() => expect(within(section).queryByText(/^Loading/)).not.toBeInTheDocument());
    return section;
  });

describe('a schedule in plain words', () => {
  it.each([
    [{ measure: 'psfs', trigger: 'every_weeks', interval: 4 }, 'PSFS every 4 weeks'],
    [{ measure: 'nprs', trigger: 'every_weeks', interval: 1 }, 'NPRS every week'],
    [{ measure: 'spadi', trigger: 'every_visits', interval: 3 }, 'SPADI every 3 visits'],
    [{ measure: 'nprs', trigger: 'every_visits', interval: 1 }, 'NPRS every visit'],
    [{ measure: 'lefs', trigger: 'intake', interval: null }, 'LEFS at intake'],
    [{ measure: 'lefs', trigger: 'discharge', interval: null }, 'LEFS at discharge'],
  ] as const)('%j reads "%s"', (value, words) => {
    expect(scheduleWords(value)).toBe(words);
  });
});

describe("the patient's check-in schedule on their record", () => {
  it("lists the patient's own and, read-only, their services'; a practitioner adds one", async () => {
    const schedules = fakeSchedules({
      items: [
        schedule({ patientId: pat.id, measure: 'psfs', trigger: 'every_weeks', interval: 4 }),
        schedule({ serviceTypeId: assessment!.id, serviceTypeName: assessment!.name, measure: 'lefs' }),
        schedule({ serviceTypeId: followUp!.id, serviceTypeName: followUp!.name, measure: 'spadi' }),
      ],
    });
    const { user } = openRecord('practitioner', schedules);
    const section = await findSection();
    const own = within(section).getByRole('list', { name: 'Check-ins scheduled for Pat Morgan' });
    expect(
      within(own)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['PSFS every 4 weeksRemove']);
    const services = within(section).getByRole('list', {
      name: "Check-ins scheduled by the patient's services",
    });
    // Only the service the patient is booked with, and nothing to remove there.
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LEFS at intake — Initial assessment']);
    expect(within(services).queryByRole('button')).not.toBeInTheDocument();
    expect(schedules.calls[0]!.url).toBe(`/api/check-ins/schedules?patientId=${pat.id}&include=services`);

    const form = within(section).getByRole('form', { name: 'Add a check-in schedule' });
    // Measure and when are required; how often is asked only for a repeating schedule.
    expect(within(form).queryByLabelText(/^N \(/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    expect(await within(form).findByText('Choose a measure', { selector: 'p' })).toBeInTheDocument();
    expect(within(form).getByText('Choose when it is sent')).toBeInTheDocument();
    expect(writes(schedules.calls)).toEqual([]);

    await user.selectOptions(within(form).getByLabelText('Measure'), 'nprs');
    await user.selectOptions(within(form).getByLabelText('When'), 'every_visits');
    const interval = within(form).getByLabelText('N (how many visits)');
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    expect(await within(form).findByText('Give a whole number from 1 to 52')).toBeInTheDocument();
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    await user.type(interval, '53');
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    expect(await within(form).findByText('Give a whole number from 1 to 52')).toBeInTheDocument();
    expect(writes(schedules.calls)).toEqual([]);
    await user.clear(interval);
    await user.type(interval, '3');
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    await waitFor(() => expect(within(own).getAllByRole('listitem')).toHaveLength(2));
    expect(within(own).getByText('NPRS every 3 visits')).toBeInTheDocument();
    expect(writes(schedules.calls).at(-1)!.body).toEqual({
      patientId: pat.id,
      measure: 'nprs',
      trigger: 'every_visits',
      interval: 3,
    });

    // The form is empty again; a one-off trigger sends no interval, even after one was typed.
    expect(within(form).getByLabelText('Measure')).toHaveValue('');
    await user.selectOptions(within(form).getByLabelText('Measure'), 'lefs');
    await user.selectOptions(within(form).getByLabelText('When'), 'every_weeks');
    await user.type(within(form).getByLabelText('N (how many weeks)'), '2');
    await user.selectOptions(within(form).getByLabelText('When'), 'discharge');
    expect(within(form).queryByLabelText(/^N \(/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    await waitFor(() => expect(within(own).getByText('LEFS at discharge')).toBeInTheDocument());
    expect(writes(schedules.calls).at(-1)!.body).toEqual({
      patientId: pat.id,
      measure: 'lefs',
      trigger: 'discharge',
    });
  }, 20_000);

  it('removes one only after it is confirmed', async () => {
    const kept = schedule({ patientId: pat.id, measure: 'nprs', trigger: 'discharge' });
    const removed = schedule({ patientId: pat.id, measure: 'psfs', trigger: 'every_weeks', interval: 4 });
    const schedules = fakeSchedules({ items: [kept, removed] });
    const { user } = openRecord('practitioner', schedules);
    const section = await findSection();
    await user.click(within(section).getByRole('button', { name: 'Remove PSFS every 4 weeks (Pat Morgan)' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove this schedule?' });
    expect(confirm).toHaveTextContent('PSFS every 4 weeks (Pat Morgan) will no longer be sent.');
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove this schedule?' })).toBeNull());
    expect(writes(schedules.calls)).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Remove PSFS every 4 weeks (Pat Morgan)' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove this schedule?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove schedule' }));
    await waitFor(() => expect(within(section).queryByText('PSFS every 4 weeks')).not.toBeInTheDocument());
    expect(writes(schedules.calls)).toEqual([
      { method: 'DELETE', url: `/api/check-ins/schedules/${removed.id}`, body: undefined },
    ]);
    expect(within(section).getByText('NPRS at discharge')).toBeInTheDocument();
  });

  it('shows staff the schedule with nothing to add or remove, as the server decides', async () => {
    const schedules = fakeSchedules({
      items: [schedule({ patientId: pat.id, measure: 'psfs', trigger: 'every_weeks', interval: 4 })],
    });
    openRecord('staff', schedules);
    const section = await findSection();
    expect(within(section).getByText('PSFS every 4 weeks')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks again when check-ins change (a push or a write elsewhere)', async () => {
    const schedules = fakeSchedules();
    const { queryClient } = openRecord('staff', schedules);
    const section = await findSection();
    expect(within(section).getByText('No check-ins scheduled for this patient.')).toBeInTheDocument();
    schedules.state.items.push(schedule({ patientId: pat.id, measure: 'lefs', trigger: 'intake' }));
    await invalidateCheckIns(queryClient);
    expect(await within(section).findByText('LEFS at intake')).toBeInTheDocument();
  });

  it('leaves no trace while the clinic has care between visits off', async () => {
    const schedules = fakeSchedules({
      on: false,
      items: [schedule({ patientId: pat.id, measure: 'psfs', trigger: 'intake' })],
    });
    openRecord('practitioner', schedules);
    await screen.findByRole('region', { name: 'Recovery notes' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Check-in schedule' })).not.toBeInTheDocument();
    expect(screen.queryByText(/check-in/i)).not.toBeInTheDocument();
    expect(schedules.calls).toEqual([]);
  });
});

describe('check-in schedules per service in settings', () => {
  function openServices(schedules: ReturnType<typeof fakeSchedules>) {
    const settings = fakeSettingsServer();
    renderApp({
      path: '/settings?tab=services',
      role: 'staff',
      handle: (call) => schedules.handle(call) ?? settings.handle(call),
    });
    return userEvent.setup();
  }

  it('lists them per service and adds one, with the server refusal next to its field', async () => {
    const schedules = fakeSchedules({
      items: [
        schedule({ patientId: pat.id, measure: 'psfs', trigger: 'intake' }),
        schedule({ serviceTypeId: followUp!.id, serviceTypeName: followUp!.name, measure: 'nprs' }),
        schedule({
          serviceTypeId: followUp!.id,
          serviceTypeName: followUp!.name,
          measure: 'spadi',
          trigger: 'every_visits',
          interval: 4,
        }),
      ],
    });
    const user = openServices(schedules);
    const card = await screen.findByRole('region', { name: 'Check-in schedules' }, { timeout: 10_000 });
    const list = await within(card).findByRole('list', { name: 'Check-ins scheduled by Follow-up' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NPRS at intakeRemove', 'SPADI every 4 visitsRemove']);
    // A patient's own schedule is not a service's.
    expect(within(card).queryByText('PSFS at intake')).not.toBeInTheDocument();

    const form = within(card).getByRole('form', { name: 'Add a check-in schedule for a service' });
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    expect(await within(form).findByText('Choose a service', { selector: 'p' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Service')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(within(form).getByLabelText('Service'), assessment!.id);
    await user.selectOptions(within(form).getByLabelText('Measure'), 'lefs');
    await user.selectOptions(within(form).getByLabelText('When'), 'intake');
    // The service is retired elsewhere meanwhile: the server's message shows next to the field.
    const saved = SERVICE_TYPES.splice(0, 1);
    try {
      await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
      expect(await within(form).findByText('Service type not found')).toBeInTheDocument();
      expect(within(form).getByText('Please correct the fields marked below.')).toBeInTheDocument();
    } finally {
      SERVICE_TYPES.unshift(...saved);
    }
    await user.click(within(form).getByRole('button', { name: 'Add schedule' }));
    const added = await within(card).findByRole('list', {
      name: 'Check-ins scheduled by Initial assessment',
    });
    expect(within(added).getByText('LEFS at intake')).toBeInTheDocument();
    expect(writes(schedules.calls).at(-1)!.body).toEqual({
      serviceTypeId: assessment!.id,
      measure: 'lefs',
      trigger: 'intake',
    });
  }, 20_000);

  it('is not there while the clinic has care between visits off', async () => {
    const schedules = fakeSchedules({ on: false });
    openServices(schedules);
    await screen.findByRole('table', { name: 'Service types' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Check-in schedules' })).not.toBeInTheDocument();
    expect(screen.queryByText(/check-in/i)).not.toBeInTheDocument();
    expect(schedules.calls).toEqual([]);
  });
});
