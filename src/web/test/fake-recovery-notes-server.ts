import type {
  RecoveryNote,
  RecoveryNoteAmendment,
  RecoveryNoteContent,
  RecoveryNoteTemplate,
} from '../../shared/recovery-notes';
import { userWithRole } from './fixtures';
import { nextId } from './live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const patient = userWithRole('patient');
const practitioner = userWithRole('practitioner');

let serial = 0;

/** A draft by the demo practitioner for the demo patient, unless told otherwise. */
export function recoveryNote(overrides: Partial<RecoveryNote> = {}): RecoveryNote {
  serial += 1;
  const day = String((serial % 28) + 1).padStart(2, '0');
  return {
    id: nextId(),
    patientId: patient.id,
    patientName: `${patient.firstName} ${patient.lastName}`,
    practitionerId: practitioner.id,
    practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
    appointmentId: null,
    status: 'draft',
    painScore: null,
    sharedWithPatient: false,
    amendmentCount: 0,
    signedAt: null,
    createdAt: `2026-02-${day}T09:00:00.000Z`,
    updatedAt: `2026-02-${day}T09:00:00.000Z`,
    subjective: '',
    objective: '',
    assessment: '',
    plan: '',
    goals: [],
    signedById: null,
    signedByName: null,
    sharedAt: null,
    history: { original: null, amendments: [] },
    ...overrides,
  };
}

export const TEMPLATES: RecoveryNoteTemplate[] = [
  {
    id: '00000000-0000-4000-8000-0000000000f1',
    name: 'Initial assessment',
    subjective: 'Presenting complaint:',
    objective: 'Range of motion:',
    assessment: 'Impression:',
    plan: 'Next steps:',
  },
];

const contentOf = (note: RecoveryNote): RecoveryNoteContent => ({
  subjective: note.subjective,
  objective: note.objective,
  assessment: note.assessment,
  plan: note.plan,
  painScore: note.painScore,
  goals: note.goals,
});

const summary = ({
  subjective: _s,
  objective: _o,
  assessment: _a,
  plan: _p,
  goals: _g,
  signedById: _b,
  signedByName: _n,
  sharedAt: _t,
  history: _h,
  ...rest
}: RecoveryNote) => rest;

/**
 * Answers the recovery-notes calls like the server does for the practitioner who wrote them (filters,
 * newest first, cursor paging, draft saves, signing, amendments with their history, sharing, 404 for an
 * unknown note) and records every call.
 */
export function fakeRecoveryNotesServer(state: { notes: RecoveryNote[]; pageSize?: number }) {
  const calls: Call[] = [];
  const find = (id: string) => state.notes.find((note) => note.id === id);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const replace = (note: RecoveryNote, status = 200) => {
    state.notes = state.notes.map((existing) => (existing.id === note.id ? note : existing));
    return json(note, status);
  };

  const list = (params: URLSearchParams) => {
    const matches = state.notes
      .filter((note) => !params.get('patientId') || note.patientId === params.get('patientId'))
      .filter((note) => !params.get('practitionerId') || note.practitionerId === params.get('practitionerId'))
      .filter((note) => !params.get('status') || note.status === params.get('status'))
      .filter((note) => !params.get('from') || note.createdAt.slice(0, 10) >= (params.get('from') ?? ''))
      .filter((note) => !params.get('to') || note.createdAt.slice(0, 10) <= (params.get('to') ?? ''))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const cursor = params.get('cursor');
    const start = cursor ? matches.findIndex((note) => note.id === cursor) + 1 : 0;
    const size = state.pageSize ?? 25;
    const page = matches.slice(start, start + size);
    const nextCursor = start + size < matches.length ? (page.at(-1)?.id ?? null) : null;
    return json({ items: page.map(summary), nextCursor });
  };

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (!pathname.startsWith('/api/recovery-notes')) return undefined;
    calls.push({ method, url, body });
    if (pathname === '/api/recovery-notes' && method === 'GET') return list(searchParams);
    if (pathname === '/api/recovery-notes/templates') return json(TEMPLATES);
    if (pathname === '/api/recovery-notes/progress' && method === 'GET') {
      const patientId = searchParams.get('patientId');
      const points = state.notes
        .filter((note) => note.patientId === patientId && note.status === 'signed')
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((note) => ({
          noteId: note.id,
          at: note.createdAt,
          painScore: note.painScore,
          goals: note.goals,
        }));
      return json({ patientId, points });
    }
    if (pathname === '/api/recovery-notes' && method === 'POST') {
      const input = body as { patientId: string; templateId?: string };
      const template = TEMPLATES.find((candidate) => candidate.id === input.templateId);
      const created = recoveryNote({
        patientId: input.patientId,
        createdAt: '2026-03-01T09:00:00.000Z',
        ...(template
          ? {
              subjective: template.subjective,
              objective: template.objective,
              assessment: template.assessment,
              plan: template.plan,
            }
          : {}),
      });
      state.notes = [...state.notes, created];
      return json(created, 201);
    }
    const [, , , id, action] = pathname.split('/');
    const note = find(id);
    if (!note) return json({ message: 'Recovery note not found' }, 404);
    if (!action && method === 'GET') return json(note);
    if (!action && method === 'PATCH') return replace({ ...note, ...(body as Partial<RecoveryNote>) });
    if (action === 'sign' && method === 'POST') {
      if (note.painScore === null)
        return json({ message: 'Pain score is required to sign', fields: { painScore: 'Required' } }, 400);
      return replace({
        ...note,
        status: 'signed',
        signedAt: '2026-03-02T10:00:00.000Z',
        signedById: note.practitionerId,
        signedByName: note.practitionerName,
        history: { original: contentOf(note), amendments: [] },
      });
    }
    if (action === 'amendments' && method === 'POST') {
      const { changes, reason } = body as { changes: Partial<RecoveryNoteContent>; reason: string };
      const current = contentOf(note);
      const previous = Object.fromEntries(
        Object.keys(changes).map((field) => [field, current[field as keyof RecoveryNoteContent]]),
      );
      const amendment: RecoveryNoteAmendment = {
        id: nextId(),
        authorId: note.practitionerId,
        authorName: note.practitionerName,
        reason,
        changes,
        previous,
        createdAt: '2026-03-03T11:00:00.000Z',
      };
      return replace(
        {
          ...note,
          ...changes,
          amendmentCount: note.amendmentCount + 1,
          history: {
            original: note.history.original,
            amendments: [...note.history.amendments, amendment],
          },
        },
        201,
      );
    }
    if ((action === 'share' || action === 'unshare') && method === 'POST') {
      const shared = action === 'share';
      return replace({
        ...note,
        sharedWithPatient: shared,
        sharedAt: shared ? '2026-03-02T12:00:00.000Z' : null,
      });
    }
    return json({ message: 'Not found' }, 404);
  };

  return { handle, calls, state };
}
