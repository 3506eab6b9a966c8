import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  GeneralDashboard,
  MemberDashboard,
  PatientDashboard,
  PractitionerDashboard,
} from '../../../shared/dashboard';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { createPatient } from '../patients/testing';
import { assign, careTeam, draft, expectStatus, signedNote } from '../recovery-notes/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dashboardOf = <T>(who: TestPerson | 'staff' | 'admin' | 'patient' | 'practitioner' | 'member') =>
  expectStatus<T>(t, who, { method: 'GET', url: '/api/dashboard', status: 200 });

const sendMessage = (from: TestPerson, to: TestPerson, content = 'Hello') =>
  expectStatus(t, from, {
    method: 'POST',
    url: '/api/messages',
    payload: { recipientId: to.id, content },
    status: 201,
  });

describe('GET /api/dashboard', () => {
  it('answers 401 to a visitor', async () => {
    const response = await t.injectAs('visitor', { method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
  });

  it('gives a patient their shared notes newest first, their progress, onboarding and unread counts', async () => {
    const { practitioner, patient } = await careTeam(t);
    const first = await signedNote(t, practitioner, {
      patientId: patient.id,
      shared: true,
      fields: { painScore: 7, goals: [{ goal: 'Climb stairs', progress: 20 }] },
    });
    await signedNote(t, practitioner, { patientId: patient.id, fields: { painScore: 6 } });
    const latest = await signedNote(t, practitioner, {
      patientId: patient.id,
      shared: true,
      fields: { painScore: 4, goals: [{ goal: 'Climb stairs', progress: 60 }] },
    });
    await draft(t, practitioner, { patientId: patient.id });
    await sendMessage(practitioner, patient);

    // Notifications are raised after each change commits: two shared notes and the message.
    await vi.waitFor(async () => {
      const unread = await expectStatus<{ count: number }>(t, patient, {
        method: 'GET',
        url: '/api/notifications/unread-count',
        status: 200,
      });
      expect(unread.count).toBe(3);
    });

    const board = await dashboardOf<PatientDashboard>(patient);
    expect(board.kind).toBe('patient');
    expect(board.recentSharedNotes.map((note) => note.id)).toEqual([latest.id, first.id]);
    expect(board.recentSharedNotes[0]).toMatchObject({
      practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
      painScore: 4,
    });
    expect(board.progress.patientId).toBe(patient.id);
    expect(board.progress.points.map((point) => point.painScore)).toEqual([7, 4]);
    expect(board.progress.points[1].goals).toEqual([{ goal: 'Climb stairs', progress: 60 }]);
    expect(board.unreadMessages).toBe(1);
    expect(board.unreadNotifications).toBe(3);
    expect(board.onboarding).toMatchObject({ complete: false });
    expect(board.onboarding.totalSteps).toBeGreaterThan(board.onboarding.completedSteps);
  });

  it('shows a patient at most five shared notes, and none of another patient', async () => {
    const { practitioner, patient } = await careTeam(t);
    const { patient: neighbour } = await careTeam(t);
    await assign(t, practitioner.id, neighbour.id);
    for (let i = 0; i < 6; i += 1) await signedNote(t, practitioner, { patientId: patient.id, shared: true });
    const theirs = await signedNote(t, practitioner, { patientId: neighbour.id, shared: true });
    const board = await dashboardOf<PatientDashboard>(patient);
    expect(board.recentSharedNotes).toHaveLength(5);
    expect(board.recentSharedNotes.map((note) => note.id)).not.toContain(theirs.id);
    expect(board.progress.points).toHaveLength(6);
  });

  it('gives a practitioner their drafts, their patients and the patients with recent notes', async () => {
    const { practitioner, patient: ada } = await careTeam(t);
    const bo = await createPerson(t, 'patient', { firstName: 'Bo', lastName: 'Quill' });
    await assign(t, practitioner.id, bo.id);
    const outsider = await careTeam(t);
    await draft(t, outsider.practitioner, { patientId: outsider.patient.id });

    const adaDraft = await draft(t, practitioner, { patientId: ada.id });
    await signedNote(t, practitioner, { patientId: ada.id });
    const boDraft = await draft(t, practitioner, { patientId: bo.id });
    await sendMessage(await createPerson(t, 'staff'), practitioner);

    const board = await dashboardOf<PractitionerDashboard>(practitioner);
    expect(board.kind).toBe('practitioner');
    expect(board.notesAwaitingSignature.count).toBe(2);
    expect(board.notesAwaitingSignature.newest.map((note) => [note.id, note.patientName])).toEqual([
      [boDraft.id, 'Bo Quill'],
      [adaDraft.id, `${ada.firstName} ${ada.lastName}`],
    ]);
    expect(board.myPatients).toBe(2);
    expect(board.patientsWithRecentNotes.count).toBe(2);
    expect(board.patientsWithRecentNotes.newest.map((row) => [row.patientId, row.latestNoteId])).toEqual([
      [bo.id, boDraft.id],
      [ada.id, expect.any(String)],
    ]);
    expect(board.unreadMessages).toBe(1);
  });

  it('gives staff and admin the new and active patients and the notes signed this week', async () => {
    const before = await dashboardOf<GeneralDashboard>('staff');
    expect(before.kind).toBe('general');
    const created = await createPatient(t, { firstName: 'Newest', lastName: 'Arrival' });
    const { practitioner, patient } = await careTeam(t);
    await signedNote(t, practitioner, { patientId: patient.id });

    for (const role of ['staff', 'admin'] as const) {
      const after = await dashboardOf<GeneralDashboard>(role);
      expect(after.kind).toBe('general');
      // careTeam made one more patient too.
      expect(after.newPatients.count).toBe(before.newPatients.count + 2);
      expect(after.newPatients.newest).toHaveLength(5);
      expect(after.newPatients.newest.map((row) => row.id)).toEqual(
        expect.arrayContaining([created.id, patient.id]),
      );
      expect(after.activePatients).toBe(before.activePatients + 2);
      expect(after.notesSignedThisWeek).toBe(before.notesSignedThisWeek + 1);
    }
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/patients/${created.id}/deactivate`,
      status: 200,
    });
    const deactivated = await dashboardOf<GeneralDashboard>('staff');
    expect(deactivated.activePatients).toBe(before.activePatients + 1);
  });

  it('gives a member their unread messages and their own donations that went through', async () => {
    const member = await createPerson(t, 'member');
    const staff = await createPerson(t, 'staff');
    await sendMessage(staff, member);
    await sendMessage(staff, member, 'Second');
    expect(await dashboardOf<MemberDashboard>(member)).toEqual({
      kind: 'member',
      onboarding: { completed: false, nextStep: 'interests' },
      unreadMessages: 2,
      donations: { count: 0, totalCents: 0, recent: [] },
      events: { count: 0, next: [] },
      orders: { count: 0, recent: [] },
      quotes: { count: 0, recent: [] },
    });

    const give = async (amount: number, pay = true) => {
      const started = await expectStatus<{ clientSecret: string; paymentIntentId: string }>(t, member, {
        method: 'POST',
        url: '/api/donations/create-payment-intent',
        payload: { amount, email: '', firstName: 'Mo', lastName: 'Member', phone: '', description: 'Fund' },
        status: 200,
      });
      if (!pay) return started.paymentIntentId;
      const card = await t.app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm-card',
        payload: {
          clientSecret: started.clientSecret,
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
        },
      });
      expect(card.json().status).toBe('succeeded');
      await expectStatus(t, member, {
        method: 'POST',
        url: '/api/donations/confirm',
        payload: { paymentIntentId: started.paymentIntentId },
        status: 200,
      });
      return started.paymentIntentId;
    };
    await give(25);
    await give(10.5);
    await give(99, false); // never paid: not counted
    await give(40);
    const mine = await expectStatus<{ donations: { id: string; amountCents: number }[] }>(t, member, {
      method: 'GET',
      url: '/api/donations/mine',
      status: 200,
    });
    const forty = mine.donations.find((gift) => gift.amountCents === 4000)!;
    await expectStatus(t, 'admin', {
      method: 'POST',
      url: `/api/admin/donations/${forty.id}/refund`,
      status: 200,
    });
    // Someone else's gift never shows.
    const other = await createPerson(t, 'member');
    expect((await dashboardOf<MemberDashboard>(other)).donations.count).toBe(0);

    const board = await dashboardOf<MemberDashboard>(member);
    expect(board.donations.count).toBe(2);
    expect(board.donations.totalCents).toBe(3550);
    expect(board.donations.recent.map((gift) => [gift.amountCents, gift.status])).toEqual([
      [4000, 'refunded'],
      [1050, 'paid'],
      [2500, 'paid'],
    ]);
  });

  it('logs each reading of a dashboard that names patients, without what it showed', async () => {
    const staff = await createPerson(t, 'staff');
    await dashboardOf(staff);
    const rows = await rowsOf<{ action: string; entity_type: string; details: Record<string, unknown> }>(
      t.database.db,
      sql`select action, entity_type, details from activity_log where actor_id = ${staff.id}`,
    );
    const entry = rows.find((row) => row.action === 'dashboard.viewed');
    expect(entry).toMatchObject({ entity_type: 'patient' });
    expect(Object.keys(entry!.details)).toEqual(['count']);
  });
});
