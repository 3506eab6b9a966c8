import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/vocabulary/roles';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { fakeRecoveryNotesServer, recoveryNote } from '../../test/fake-recovery-notes-server';
import { fakeSchedulingServer } from '../../test/fake-scheduling-server';
import { renderApp } from '../../test/render-app';

/** Each tab change goes through the address; on a busy machine that takes more than the default second. */
const SLOW = { timeout: 4000 };
const findPanel = (name: string) => screen.findByRole('dialog', { name }, { timeout: 10_000 });

function clinic() {
  const pat = patientRecord({
    firstName: 'Pat',
    lastName: 'Morgan',
    email: 'patient@demo.clinic',
    practitioners: [PRACTITIONERS[0]],
  });
  const other = patientRecord({ firstName: 'Ava', lastName: 'Hughes' });
  const goals = (progress: number) => [{ goal: 'Climb the stairs', progress }];
  const notes = fakeRecoveryNotesServer({
    notes: [
      recoveryNote({
        patientId: pat.id,
        status: 'signed',
        painScore: 7,
        goals: goals(10),
        signedAt: '2026-02-01T09:00:00.000Z',
        createdAt: '2026-02-01T09:00:00.000Z',
      }),
      recoveryNote({
        patientId: pat.id,
        status: 'signed',
        painScore: 4,
        goals: goals(50),
        sharedWithPatient: true,
        signedAt: '2026-02-08T09:00:00.000Z',
        createdAt: '2026-02-08T09:00:00.000Z',
      }),
      recoveryNote({ patientId: pat.id, status: 'draft', createdAt: '2026-02-15T09:00:00.000Z' }),
      recoveryNote({
        patientId: other.id,
        status: 'signed',
        painScore: 2,
        createdAt: '2026-02-20T09:00:00.000Z',
      }),
    ],
  });
  const patients = fakePatientsServer({
    patients: [pat, other],
    consents: {
      [pat.id]: [
        {
          id: '00000000-0000-4000-8000-0000000000c1',
          kind: 'treatment',
          title: 'Consent to assessment and treatment',
          signedName: 'Pat Morgan',
          signedAt: '2026-01-20T10:15:00.000Z',
          ipAddress: '203.0.113.7',
        },
      ],
    },
    accessLog: {
      [pat.id]: [
        {
          id: '41',
          at: '2026-02-16T08:00:00.000Z',
          action: 'patient.viewed',
          description: 'Opened the record',
          actor: { id: PRACTITIONERS[0].id, name: 'Riley Chen', role: 'practitioner', isYou: false },
          noteId: null,
        },
      ],
    },
  });
  const scheduling = fakeSchedulingServer({ appointments: [], now: '2026-03-01T00:00:00.000Z' });
  const handle = (call: { method: string; url: string; body: unknown }) =>
    patients.handle(call) ?? notes.handle(call) ?? scheduling.handle(call);
  return { pat, other, notes, patients, handle };
}

function open(role: Role, tab?: string) {
  const setup = clinic();
  const path = `/clients?patient=${setup.pat.id}${tab ? `&tab=${tab}` : ''}`;
  const view = renderApp({ path, role, handle: setup.handle });
  return { ...setup, ...view };
}

const tabNames = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('the record panel’s sections', () => {
  it('gives staff Details, Appointments, Notes, Invoices, Consents and Activity tabs, moved between by keyboard and kept in the address', async () => {
    const { router, pat } = open('staff');
    const panel = await findPanel('Pat Morgan');
    expect(within(panel).getByRole('tablist', { name: 'Record sections' })).toBeInTheDocument();
    expect(tabNames(panel)).toEqual(['Details', 'Appointments', 'Notes', 'Invoices', 'Consents', 'Activity']);
    const details = within(panel).getByRole('tab', { name: 'Details' });
    expect(details).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('region', { name: 'Insurance' })).toBeInTheDocument();

    details.focus();
    await userEvent.keyboard('{ArrowRight}');
    const appointmentsTab = within(panel).getByRole('tab', { name: 'Appointments' });
    await waitFor(() => expect(appointmentsTab).toHaveAttribute('aria-selected', 'true'), SLOW);
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('appointments');
    await userEvent.keyboard('{ArrowRight}');
    const notesTab = within(panel).getByRole('tab', { name: 'Notes' });
    expect(notesTab).toHaveFocus();
    await waitFor(() => expect(notesTab).toHaveAttribute('aria-selected', 'true'), SLOW);
    expect(await within(panel).findByRole('region', { name: 'Recovery notes' }, SLOW)).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Insurance' })).not.toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('notes');

    await userEvent.keyboard('{End}');
    await waitFor(
      () =>
        expect(within(panel).getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true'),
      SLOW,
    );
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(router.state.location.search).toBe(`?patient=${pat.id}`), SLOW);
  }, 15_000);

  it('lists the patient’s notes newest first with status and sharing, each linking to its page, and charts the signed ones', async () => {
    const { notes, pat } = open('staff', 'notes');
    const panel = await findPanel('Pat Morgan');
    const section = await within(panel).findByRole('region', { name: 'Recovery notes' });
    const table = await within(section).findByRole('table', { name: /^Recovery notes of Pat Morgan/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      '15 Feb 2026',
      '8 Feb 2026',
      '1 Feb 2026',
    ]);
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('4/10');
    expect(rows[1]).toHaveTextContent('Shared');
    expect(rows[2]).not.toHaveTextContent('Shared');
    const [draft] = notes.state.notes.filter((note) => note.status === 'draft');
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', `/recovery-notes/${draft.id}`);
    // Only this patient's notes are asked for, and a member of staff does not write notes.
    const listCalls = notes.calls.filter((call) => call.url.startsWith('/api/recovery-notes?'));
    expect(listCalls.map((call) => new URL(call.url, 'http://x').searchParams.get('patientId'))).toEqual([
      pat.id,
    ]);
    expect(within(panel).queryByRole('button', { name: 'New note' })).not.toBeInTheDocument();

    const progress = within(panel).getByRole('region', { name: 'Recovery progress' });
    expect(
      await within(progress).findByRole('img', {
        name: /Pain score from 7 to 4 out of 10 over 2 signed notes/,
      }),
    ).toBeInTheDocument();
  });

  it('lets a practitioner start a note for this patient from the record without choosing the patient again', async () => {
    const { notes, pat, router } = open('practitioner', 'notes');
    const panel = await findPanel('Pat Morgan');
    expect(tabNames(panel)).toEqual(['Details', 'Appointments', 'Notes', 'Invoices', 'Consents']);
    await userEvent.click(await within(panel).findByRole('button', { name: 'New note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    expect(dialog).toHaveTextContent('For Pat Morgan.');
    expect(within(dialog).queryByRole('combobox', { name: 'Patient' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start note' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/recovery-notes\/[0-9a-f-]+$/));
    const post = notes.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ patientId: pat.id });
    expect(router.state.location.pathname).toBe(`/recovery-notes/${notes.state.notes.at(-1)?.id}`);
  });

  it('shows the signed consents with the typed name, the time and the address', async () => {
    const { patients, pat } = open('practitioner', 'consents');
    const panel = await findPanel('Pat Morgan');
    const section = await within(panel).findByRole('region', { name: 'Consents' });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('Consent to assessment and treatment');
    expect(item).toHaveTextContent('Signed by Pat Morgan on');
    expect(within(item).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-01-20T10:15:00.000Z',
    );
    expect(item).toHaveTextContent('203.0.113.7');
    expect(patients.calls.map((call) => call.url)).toContain(`/api/patients/${pat.id}/consents`);
  });

  it('says when no consent is signed yet', async () => {
    const { other, handle } = clinic();
    renderApp({ path: `/clients?patient=${other.id}&tab=consents`, role: 'staff', handle });
    const panel = await findPanel('Ava Hughes');
    expect(await within(panel).findByText(/No consents signed yet/)).toBeInTheDocument();
  });

  it('shows staff who opened the record, and keeps the Activity tab from a practitioner even by address', async () => {
    const staff = open('admin', 'activity');
    const panel = await findPanel('Pat Morgan');
    const log = await within(panel).findByRole('table', { name: /^Who opened this record/ });
    expect(log).toHaveTextContent('Riley Chen');
    expect(log).toHaveTextContent('Opened the record');
    staff.unmount();

    const practitioner = open('practitioner', 'activity');
    const practitionerPanel = await findPanel('Pat Morgan');
    expect(within(practitionerPanel).getByRole('tab', { name: 'Details' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(practitionerPanel).queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
    expect(practitioner.patients.calls.some((call) => call.url.endsWith('/access-log'))).toBe(false);
  });
});
