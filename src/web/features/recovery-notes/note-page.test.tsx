import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecoveryNote } from '../../../shared/recovery-notes';
import type { Role } from '../../../shared/vocabulary/roles';
import { fakeRecoveryNotesServer, recoveryNote } from '../../test/fake-recovery-notes-server';
import { renderApp } from '../../test/render-app';

const signedContent = {
  subjective: 'Knee pain on stairs.\nBetter in the morning.',
  objective: 'Flexion 110 degrees.',
  assessment: 'Improving.',
  plan: 'Continue exercises.',
  painScore: 5,
  goals: [{ goal: 'Climb stairs without pain', progress: 40 }],
};

const signedNote = (overrides: Partial<RecoveryNote> = {}) =>
  recoveryNote({
    ...signedContent,
    status: 'signed',
    signedAt: '2026-02-20T10:00:00.000Z',
    signedById: '00000000-0000-4000-8000-000000000001',
    signedByName: 'Riley Chen',
    history: { original: signedContent, amendments: [] },
    ...overrides,
  });

function open(role: Role, note: RecoveryNote) {
  const server = fakeRecoveryNotesServer({ notes: [note] });
  const view = renderApp({ path: `/recovery-notes/${note.id}`, role, handle: server.handle });
  return { server, ...view };
}

const findNote = () => screen.findByRole('article', { name: /^Recovery note for/ }, { timeout: 10_000 });
const writes = (server: ReturnType<typeof fakeRecoveryNotesServer>) =>
  server.calls.filter((call) => call.method !== 'GET');

describe('a recovery note', () => {
  it('shows a patient their shared note read-only, with text kept as text', async () => {
    const note = signedNote({
      sharedWithPatient: true,
      sharedAt: '2026-02-21T10:00:00.000Z',
      plan: 'Walk <b>daily</b>\nStretch twice',
    });
    open('patient', note);
    const article = await findNote();
    expect(within(article).getByText(/Walk <b>daily<\/b>/)).toBeInTheDocument();
    expect(article.querySelector('b')).toBeNull();
    expect(within(article).getByText(/Walk <b>daily<\/b>/).textContent).toBe(
      'Walk <b>daily</b>\nStretch twice',
    );
    // The current version's bar; the signed version in the history has its own.
    const [progress] = within(article).getAllByRole('progressbar', {
      name: 'Progress: Climb stairs without pain',
    });
    expect((progress as HTMLProgressElement).value).toBe(40);
    expect(within(article).getByRole('region', { name: 'Note' })).toHaveTextContent('5 out of 10');
    expect(within(article).queryByRole('textbox')).not.toBeInTheDocument();
    for (const name of ['Amend', 'Sign note', 'Share with patient', 'Stop sharing'])
      expect(within(article).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('autosaves a draft once typing stops, only the fields changed, and says so politely', async () => {
    const { server } = open('practitioner', recoveryNote());
    await findNote();
    const subjective = screen.getByLabelText('Subjective');
    await userEvent.type(subjective, 'Sore knee');
    await waitFor(() => expect(writes(server)).toHaveLength(1), { timeout: 3000 });
    expect(writes(server)[0]).toMatchObject({ method: 'PATCH', body: { subjective: 'Sore knee' } });
    await waitFor(() => expect(screen.getByText('Saved')).toHaveAttribute('aria-live', 'polite'));

    await userEvent.selectOptions(screen.getByLabelText('Pain score (0-10)'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(screen.getByLabelText('Goal 1'), 'Run 5k');
    await userEvent.clear(screen.getByLabelText('Progress of goal 1 (%)'));
    await userEvent.type(screen.getByLabelText('Progress of goal 1 (%)'), '30');
    await waitFor(() => expect(writes(server)).toHaveLength(2), { timeout: 3000 });
    expect(writes(server)[1].body).toEqual({ painScore: 7, goals: [{ goal: 'Run 5k', progress: 30 }] });
    expect(server.state.notes[0].subjective).toBe('Sore knee');
  });

  it('signs a draft after confirmation and locks it', async () => {
    const { server } = open('practitioner', recoveryNote({ painScore: 3, subjective: 'Stiff' }));
    const article = await findNote();
    await userEvent.click(within(article).getByRole('button', { name: 'Sign note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign this note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and lock' }));
    await waitFor(() => expect(within(article).getByText('Signed')).toBeInTheDocument());
    expect(writes(server).map((call) => call.url)).toEqual([
      `/api/recovery-notes/${server.state.notes[0].id}/sign`,
    ]);
    expect(within(article).queryByLabelText('Subjective')).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Amend' })).toBeInTheDocument();
    expect(within(article).getByRole('region', { name: 'History' })).toHaveTextContent(
      /Signed version, by Riley Chen/,
    );
  });

  it('shows why signing was refused', async () => {
    open('practitioner', recoveryNote());
    const article = await findNote();
    await userEvent.click(within(article).getByRole('button', { name: 'Sign note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign this note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and lock' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pain score is required to sign');
  });

  it('amends a signed note only with a reason, and shows the amendment in the history', async () => {
    const { server } = open('practitioner', signedNote());
    const article = await findNote();
    await userEvent.click(within(article).getByRole('button', { name: 'Amend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amend note' });
    const plan = within(dialog).getByLabelText('Plan');
    await userEvent.clear(plan);
    await userEvent.type(plan, 'Add cycling.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(writes(server)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason for the amendment'), 'Plan agreed by phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(server)[0].body).toEqual({
      changes: { plan: 'Add cycling.' },
      reason: 'Plan agreed by phone',
    });
    const history = within(article).getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Amended by Riley Chen');
    expect(history).toHaveTextContent('Reason: Plan agreed by phone');
    expect(history).toHaveTextContent('Before: Continue exercises.');
    expect(history).toHaveTextContent('After: Add cycling.');
    expect(within(article).getByRole('region', { name: 'Current version' })).toHaveTextContent(
      'Add cycling.',
    );
  });

  it('lets staff share a note and stop sharing it', async () => {
    const { server } = open('staff', signedNote());
    const article = await findNote();
    expect(within(article).queryByRole('button', { name: 'Amend' })).not.toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Share with patient' }));
    await within(article).findByRole('button', { name: 'Stop sharing' });
    expect(article).toHaveTextContent(/Shared with patient: Yes/);
    await userEvent.click(within(article).getByRole('button', { name: 'Stop sharing' }));
    await within(article).findByRole('button', { name: 'Share with patient' });
    const id = server.state.notes[0].id;
    expect(writes(server).map((call) => call.url)).toEqual([
      `/api/recovery-notes/${id}/share`,
      `/api/recovery-notes/${id}/unshare`,
    ]);
  });

  it('renders the signed version and every amendment in order', async () => {
    const note = signedNote({
      plan: 'Third plan',
      amendmentCount: 2,
      history: {
        original: { ...signedContent, plan: 'First plan' },
        amendments: [
          {
            id: '00000000-0000-4000-8000-00000000aa01',
            authorId: '00000000-0000-4000-8000-000000000001',
            authorName: 'Riley Chen',
            reason: 'Typo',
            changes: { plan: 'Second plan' },
            previous: { plan: 'First plan' },
            createdAt: '2026-02-22T10:00:00.000Z',
          },
          {
            id: '00000000-0000-4000-8000-00000000aa02',
            authorId: '00000000-0000-4000-8000-000000000001',
            authorName: 'Riley Chen',
            reason: 'New <i>advice</i>',
            changes: { plan: 'Third plan', painScore: 3 },
            previous: { plan: 'Second plan', painScore: 5 },
            createdAt: '2026-02-23T10:00:00.000Z',
          },
        ],
      },
    });
    open('staff', note);
    const article = await findNote();
    const history = within(article).getByRole('region', { name: 'History' });
    const entries = history.querySelectorAll(':scope > ol > li');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('First plan');
    expect(entries[1]).toHaveTextContent('Reason: Typo');
    expect(entries[2]).toHaveTextContent('Reason: New <i>advice</i>');
    expect(entries[2]).toHaveTextContent('Pain scoreBefore: 5After: 3');
    expect(history.querySelector('i')).toBeNull();
  });

  it('says plainly when a note does not exist', async () => {
    const server = fakeRecoveryNotesServer({ notes: [] });
    renderApp({
      path: '/recovery-notes/00000000-0000-4000-8000-00000000dead',
      role: 'practitioner',
      handle: server.handle,
    });
    expect(
      await screen.findByRole('heading', { name: 'Note not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All notes' })).toHaveAttribute('href', '/recovery-notes');
  });
});
