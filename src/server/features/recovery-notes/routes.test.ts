import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RecoveryNote,
  RecoveryNotePage,
  RecoveryNoteTemplate,
  RecoveryProgress,
} from '../../../shared/recovery-notes';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { serviceType, session } from '../billing/testing';
import { call, careTeam, draft, expectStatus, share, sign, signedNote } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (id: string, action = '') => `/api/recovery-notes/${id}${action}`;

describe('a note from draft to amendment', () => {
  it('autosaves a draft, signs it, refuses edits after signing and keeps the signed version through amendments', async () => {
    const { practitioner, patient } = await careTeam(t);
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: (await serviceType(t)).id,
    });
    const created = await draft(t, practitioner, {
      patientId: patient.id,
      appointmentId: visit.id,
      painScore: null,
    });
    expect(created).toMatchObject({
      status: 'draft',
      patientId: patient.id,
      practitionerId: practitioner.id,
      practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
      appointmentId: visit.id,
      subjective: 'Knee sore on stairs',
      objective: '',
      painScore: null,
      goals: [],
      signedAt: null,
      history: { original: null, amendments: [] },
    });

    // Autosave: each PATCH changes only what it sends.
    await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: url(created.id),
      payload: { objective: 'Swelling' },
      status: 200,
    });
    const saved = await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: url(created.id),
      payload: { painScore: 6, goals: [{ goal: 'Climb stairs without a rail', progress: 20 }] },
      status: 200,
    });
    expect(saved).toMatchObject({ subjective: 'Knee sore on stairs', objective: 'Swelling', painScore: 6 });
    expect(saved.goals).toEqual([{ goal: 'Climb stairs without a rail', progress: 20 }]);

    const signed = await sign(t, practitioner, created.id);
    expect(signed.status).toBe('signed');
    expect(signed.signedById).toBe(practitioner.id);
    expect(Date.parse(signed.signedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(signed.history.original).toMatchObject({ objective: 'Swelling', painScore: 6 });

    const locked = await call(t, practitioner, {
      method: 'PATCH',
      url: url(created.id),
      payload: { plan: 'More' },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/signed.*amendment/);
    const again = await call(t, practitioner, { method: 'POST', url: url(created.id, '/sign') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This note is already signed');

    await expectStatus(t, practitioner, {
      method: 'POST',
      url: url(created.id, '/amendments'),
      payload: { changes: { painScore: 4, plan: 'Walk daily' }, reason: 'Score misread' },
      status: 201,
    });
    const amended = await expectStatus(t, practitioner, {
      method: 'POST',
      url: url(created.id, '/amendments'),
      payload: { changes: { painScore: 3 }, reason: 'Corrected again' },
      status: 201,
    });
    expect(amended).toMatchObject({ painScore: 3, plan: 'Walk daily', amendmentCount: 2, status: 'signed' });

    const fetched = await expectStatus(t, practitioner, { method: 'GET', url: url(created.id), status: 200 });
    expect(fetched.history.original).toEqual({
      subjective: 'Knee sore on stairs',
      objective: 'Swelling',
      assessment: '',
      plan: '',
      painScore: 6,
      goals: [{ goal: 'Climb stairs without a rail', progress: 20 }],
    });
    expect(fetched.history.amendments).toMatchObject([
      {
        authorId: practitioner.id,
        reason: 'Score misread',
        changes: { painScore: 4, plan: 'Walk daily' },
        previous: { painScore: 6, plan: '' },
      },
      { reason: 'Corrected again', changes: { painScore: 3 }, previous: { painScore: 4 } },
    ]);
    expect(fetched.history.amendments[0].authorName).toBe(
      `${practitioner.firstName} ${practitioner.lastName}`,
    );
  });

  it('refuses to sign without a pain score, and to amend a draft', async () => {
    const { practitioner, patient } = await careTeam(t);
    const note = await draft(t, practitioner, { patientId: patient.id, painScore: null });
    const unsigned = await call(t, practitioner, { method: 'POST', url: url(note.id, '/sign') });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().fields).toEqual({ painScore: 'Add a pain score before signing' });
    const amend = await call(t, practitioner, {
      method: 'POST',
      url: url(note.id, '/amendments'),
      payload: { changes: { plan: 'x' }, reason: 'why' },
    });
    expect(amend.statusCode).toBe(409);
  });

  it('lets another practitioner of the patient read a note but not change it', async () => {
    const { practitioner, patient } = await careTeam(t);
    const colleague = await createPerson(t, 'practitioner');
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/patients/${patient.id}/practitioners/${colleague.id}`,
      status: 200,
    });
    const note = await draft(t, practitioner, { patientId: patient.id });
    await expectStatus(t, colleague, { method: 'GET', url: url(note.id), status: 200 });
    const patch = await call(t, colleague, { method: 'PATCH', url: url(note.id), payload: { plan: 'x' } });
    expect(patch.statusCode).toBe(403);
    expect((await call(t, colleague, { method: 'POST', url: url(note.id, '/share') })).statusCode).toBe(403);
  });
});

describe('templates', () => {
  it('offers the clinic templates and starts a draft from one, keeping what the input gives', async () => {
    const templates = await expectStatus<RecoveryNoteTemplate[]>(t, 'practitioner', {
      method: 'GET',
      url: '/api/recovery-notes/templates',
      status: 200,
    });
    expect(templates.map((template) => template.name)).toEqual([
      'Initial assessment',
      'Follow-up',
      'Discharge',
    ]);
    for (const template of templates) expect(template.plan.length).toBeGreaterThan(0);
    const { practitioner, patient } = await careTeam(t);
    const note = await draft(t, practitioner, {
      patientId: patient.id,
      templateId: templates[1].id,
      subjective: 'Mine',
    });
    expect(note.subjective).toBe('Mine');
    expect(note.objective).toBe(templates[1].objective);
    expect(note.plan).toBe(templates[1].plan);
    const unknown = await call(t, practitioner, {
      method: 'POST',
      url: '/api/recovery-notes',
      payload: { patientId: patient.id, templateId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ templateId: 'Unknown template' });
  });
});

describe('sharing with the patient', () => {
  it('shows the patient only their signed notes while shared, read-only', async () => {
    const { practitioner, patient } = await careTeam(t);
    const hidden = await draft(t, practitioner, { patientId: patient.id });
    await share(t, practitioner, hidden.id); // a shared draft stays out of sight until signed
    const unshared = await signedNote(t, practitioner, { patientId: patient.id });
    const note = await signedNote(t, practitioner, { patientId: patient.id });
    const listOf = () =>
      expectStatus<RecoveryNotePage>(t, patient, { method: 'GET', url: '/api/recovery-notes', status: 200 });

    expect((await listOf()).items).toEqual([]);
    for (const id of [hidden.id, unshared.id, note.id])
      expect((await call(t, patient, { method: 'GET', url: url(id) })).statusCode).toBe(404);

    const shared = await share(t, 'staff', note.id);
    expect(shared.sharedWithPatient).toBe(true);
    expect(shared.sharedAt).not.toBeNull();
    expect((await listOf()).items.map((item) => item.id)).toEqual([note.id]);
    const seen = await expectStatus<RecoveryNote>(t, patient, {
      method: 'GET',
      url: url(note.id),
      status: 200,
    });
    expect(seen.subjective).toBe('Knee sore on stairs');
    const write = await call(t, patient, { method: 'PATCH', url: url(note.id), payload: { plan: 'x' } });
    expect(write.statusCode).toBe(403);

    const taken = await expectStatus(t, practitioner, {
      method: 'POST',
      url: url(note.id, '/unshare'),
      status: 200,
    });
    expect(taken).toMatchObject({ sharedWithPatient: false, sharedAt: null });
    expect((await listOf()).items).toEqual([]);
    expect((await call(t, patient, { method: 'GET', url: url(note.id) })).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 with the field for out-of-range, too long, unknown and malformed values', async () => {
    const { practitioner, patient } = await careTeam(t);
    const note = await draft(t, practitioner, { patientId: patient.id });
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/recovery-notes', { patientId: patient.id, painScore: 11 }, 'painScore'],
      ['POST', '/api/recovery-notes', { patientId: patient.id, painScore: 2.5 }, 'painScore'],
      ['POST', '/api/recovery-notes', { patientId: 'nope' }, 'patientId'],
      ['POST', '/api/recovery-notes', { patientId: patient.id, appointmentId: '12' }, 'appointmentId'],
      ['PATCH', url(note.id), { painScore: -1 }, 'painScore'],
      ['PATCH', url(note.id), { plan: 'p'.repeat(20_001) }, 'plan'],
      ['PATCH', url(note.id), { subjective: 42 }, 'subjective'],
      ['PATCH', url(note.id), { status: 'signed' }, '_'],
      ['PATCH', url(note.id), { practitionerId: patient.id }, '_'],
      ['PATCH', url(note.id), {}, '_'],
      ['PATCH', url(note.id), { goals: [{ goal: 'g'.repeat(501), progress: 5 }] }, 'goals.0.goal'],
      ['PATCH', url(note.id), { goals: [{ goal: 'Walk', progress: 101 }] }, 'goals.0.progress'],
      [
        'PATCH',
        url(note.id),
        { goals: Array.from({ length: 21 }, () => ({ goal: 'Walk', progress: 1 })) },
        'goals',
      ],
      ['POST', url(note.id, '/amendments'), { changes: { painScore: 3 } }, 'reason'],
      ['POST', url(note.id, '/amendments'), { changes: {}, reason: 'why' }, 'changes'],
      [
        'POST',
        url(note.id, '/amendments'),
        { changes: { painScore: null }, reason: 'why' },
        'changes.painScore',
      ],
      ['POST', url(note.id, '/sign'), { now: true }, '_'],
    ];
    for (const [method, path, payload, field] of cases) {
      const response = await call(t, practitioner, { method: method as 'POST', url: path, payload });
      const context = `${method} ${path} ${JSON.stringify(payload).slice(0, 80)}`;
      expect(response.statusCode, context).toBe(400);
      expect(Object.keys(response.json().fields ?? { _: '' }), context).toContain(field);
    }
    // Nothing above changed the draft.
    const unchanged = await expectStatus(t, practitioner, { method: 'GET', url: url(note.id), status: 200 });
    expect(unchanged).toMatchObject({ status: 'draft', painScore: 5, plan: '', goals: [] });

    for (const path of [
      '/api/recovery-notes/1',
      `/api/recovery-notes/${'f'.repeat(100)}/sign`,
      '/api/recovery-notes/null/share',
    ]) {
      const response = await call(t, practitioner, {
        method: path.endsWith('/1') ? 'GET' : 'POST',
        url: path,
      });
      expect(response.statusCode, path).toBe(400);
    }
    for (const query of [
      'status=final',
      'from=2026-02-30',
      'to=yesterday',
      'cursor=abc',
      'limit=5',
      'from=2026-05-02&to=2026-05-01',
    ]) {
      const response = await call(t, 'staff', { method: 'GET', url: `/api/recovery-notes?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call(t, 'staff', { method: 'GET', url: '/api/recovery-notes/progress' })).statusCode).toBe(
      400,
    );
  });
});

describe('the demo clinic', () => {
  it('gives the demo patient three weeks of signed, shared notes and the demo practitioner a draft, without notifying anyone', async () => {
    const mine = await expectStatus<RecoveryNotePage>(t, 'patient', {
      method: 'GET',
      url: '/api/recovery-notes',
      status: 200,
    });
    expect(mine.items.map((item) => item.painScore)).toEqual([3, 5, 7]);
    const theirs = await expectStatus<RecoveryNotePage>(t, 'practitioner', {
      method: 'GET',
      url: '/api/recovery-notes?status=draft',
      status: 200,
    });
    expect(theirs.items).toHaveLength(1);
    const patientId = mine.items[0].patientId;
    const progress = await expectStatus<RecoveryProgress>(t, 'patient', {
      method: 'GET',
      url: `/api/recovery-notes/progress?patientId=${patientId}`,
      status: 200,
    });
    expect(progress.points.map((point) => point.goals[0].progress)).toEqual([10, 35, 60]);
    const told = await expectStatus<unknown[]>(t, 'patient', {
      method: 'GET',
      url: '/api/notifications',
      status: 200,
    });
    expect(JSON.stringify(told)).not.toContain('clinical_note');
  });
});
