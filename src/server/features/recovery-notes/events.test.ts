import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, notifications } from '../../db/schema';
import type { EventName, RecoveryNoteEvent } from '../../platform/events';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { assign, call, careTeam, draft, expectStatus, share, sign } from './testing';

/** Clinical text that must never leave the note: not in notifications, events or the activity log. */
const SECRET = 'ZEBRA-7 lumbar disc finding';

let t: TestApp;
let practitioner: TestPerson;
let colleague: TestPerson;
let outsider: TestPerson;
let patient: TestPerson;
const published: Array<{ name: EventName; event: RecoveryNoteEvent }> = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  colleague = await createPerson(t, 'practitioner', { firstName: 'Sam', lastName: 'Okafor' });
  outsider = await createPerson(t, 'practitioner');
  await assign(t, colleague.id, patient.id);
  for (const name of [
    'recovery-note.created',
    'recovery-note.signed',
    'recovery-note.amended',
    'recovery-note.shared',
    'recovery-note.unshared',
  ] as const)
    t.ctx.events.subscribe(name, (event) => {
      published.push({ name, event });
    });
});
afterAll(() => t.close());

const stored = (person: TestPerson) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, person.id));

/** Waits for the expected count, then a moment more so a stray extra one would show too. */
async function settle(person: TestPerson, count: number) {
  for (let i = 0; i < 200 && (await stored(person)).length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return stored(person);
}

const nameOf = (person: TestPerson) => `${person.firstName} ${person.lastName}`;

describe('notifications from recovery notes', () => {
  it('reaches the care team on signing, the patient only once shared, and never the author or outsiders', async () => {
    const note = await draft(t, practitioner, { patientId: patient.id, assessment: SECRET });
    await sign(t, practitioner, note.id);

    const [toColleague] = await settle(colleague, 1);
    expect(toColleague).toMatchObject({
      type: 'clinical_note_created',
      title: 'Recovery note signed',
      message: `${nameOf(practitioner)} signed a recovery note for ${nameOf(patient)}`,
      actionUrl: `/recovery-notes/${note.id}`,
      data: { noteId: note.id, patientId: patient.id },
    });
    expect(await stored(patient)).toEqual([]);

    const staff = await demoPerson(t, 'staff');
    await share(t, 'staff', note.id);
    const [toPatient] = await settle(patient, 1);
    expect(toPatient).toMatchObject({
      type: 'clinical_note_created',
      title: 'Recovery note shared',
      message: `${nameOf(staff)} shared a recovery note by ${nameOf(practitioner)} with you`,
      actionUrl: `/recovery-notes/${note.id}`,
    });
    // Sharing again changes nothing and tells nobody again.
    await share(t, practitioner, note.id);

    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/recovery-notes/${note.id}/amendments`,
      payload: { changes: { plan: SECRET }, reason: SECRET },
      status: 201,
    });
    const patientNow = await settle(patient, 2);
    expect(patientNow.map((n) => [n.type, n.title])).toEqual(
      expect.arrayContaining([['clinical_note_updated', 'Recovery note updated']]),
    );
    expect(patientNow).toHaveLength(2);
    const colleagueNow = await settle(colleague, 2);
    expect(colleagueNow.find((n) => n.type === 'clinical_note_updated')?.message).toBe(
      `${nameOf(practitioner)} amended a recovery note for ${nameOf(patient)}`,
    );
    expect(colleagueNow).toHaveLength(2);

    // Taken back from the patient: a later amendment reaches the care team only.
    await expectStatus(t, 'admin', {
      method: 'POST',
      url: `/api/recovery-notes/${note.id}/unshare`,
      status: 200,
    });
    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/recovery-notes/${note.id}/amendments`,
      payload: { changes: { painScore: 2 }, reason: 'typo' },
      status: 201,
    });
    expect(await settle(colleague, 3)).toHaveLength(3);
    expect(await stored(patient)).toHaveLength(2);

    expect(await stored(practitioner)).toEqual([]);
    expect(await stored(outsider)).toEqual([]);
    const everything = JSON.stringify([...(await stored(patient)), ...(await stored(colleague)), published]);
    expect(everything).not.toContain('ZEBRA');
  });

  it('tells the patient on signing a note already shared as a draft, and nobody about a draft', async () => {
    const team = await careTeam(t);
    const note = await draft(t, team.practitioner, { patientId: team.patient.id });
    await share(t, team.practitioner, note.id);
    expect(await settle(team.patient, 0)).toEqual([]);
    await sign(t, team.practitioner, note.id);
    const [told] = await settle(team.patient, 1);
    expect(told).toMatchObject({
      type: 'clinical_note_created',
      message: `${nameOf(team.practitioner)} shared a recovery note with you`,
    });
  });

  it('publishes each change once, after it is stored, with ids only', async () => {
    const team = await careTeam(t);
    const before = published.length;
    const note = await draft(t, team.practitioner, { patientId: team.patient.id, subjective: SECRET });
    await expectStatus(t, team.practitioner, {
      method: 'PATCH',
      url: `/api/recovery-notes/${note.id}`,
      payload: { plan: 'x' },
      status: 200,
    });
    await sign(t, team.practitioner, note.id);
    await share(t, team.practitioner, note.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      published.slice(before).map((entry) => [entry.name, entry.event.status, entry.event.sharedWithPatient]),
    ).toEqual([
      ['recovery-note.created', 'draft', false],
      ['recovery-note.signed', 'signed', false],
      ['recovery-note.shared', 'signed', true],
    ]);
    expect(published.at(-1)?.event).toEqual({
      noteId: note.id,
      patientId: team.patient.id,
      authorId: team.practitioner.id,
      actorId: team.practitioner.id,
      sharedWithPatient: true,
      status: 'signed',
    });
  });
});

describe('activity log', () => {
  it('records every read and write of a note with who and which patient, and no clinical text', async () => {
    const team = await careTeam(t);
    const note = await draft(t, team.practitioner, { patientId: team.patient.id, subjective: SECRET });
    const path = `/api/recovery-notes/${note.id}`;
    await expectStatus(t, team.practitioner, {
      method: 'PATCH',
      url: path,
      payload: { objective: SECRET },
      status: 200,
    });
    await sign(t, team.practitioner, note.id);
    // A refused change leaves no entry behind: the entry and the change share one transaction.
    expect(
      (await call(t, team.practitioner, { method: 'PATCH', url: path, payload: { plan: 'x' } })).statusCode,
    ).toBe(409);
    await share(t, 'staff', note.id);
    await expectStatus(t, team.practitioner, {
      method: 'POST',
      url: `${path}/amendments`,
      payload: { changes: { plan: SECRET }, reason: SECRET },
      status: 201,
    });
    await expectStatus(t, team.patient, { method: 'GET', url: path, status: 200 });
    await expectStatus(t, 'staff', { method: 'POST', url: `${path}/unshare`, status: 200 });

    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'recovery_note'), eq(activityLog.entityId, note.id)))
      .orderBy(activityLog.id);
    const staff = await demoPerson(t, 'staff');
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['recovery-note.created', team.practitioner.id],
      ['recovery-note.updated', team.practitioner.id],
      ['recovery-note.signed', team.practitioner.id],
      ['recovery-note.shared', staff.id],
      ['recovery-note.amended', team.practitioner.id],
      ['recovery-note.viewed', team.patient.id],
      ['recovery-note.unshared', staff.id],
    ]);
    for (const entry of entries) expect(entry.details).toMatchObject({ patientId: team.patient.id });
    expect(entries[1].details).toMatchObject({ fields: 'objective' });
    expect(entries[4].details).toMatchObject({ fields: 'plan' });

    await expectStatus(t, team.practitioner, {
      method: 'GET',
      url: `/api/recovery-notes?patientId=${team.patient.id}`,
      status: 200,
    });
    await expectStatus(t, team.practitioner, {
      method: 'GET',
      url: `/api/recovery-notes/progress?patientId=${team.patient.id}`,
      status: 200,
    });
    const reads = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.actorId, team.practitioner.id))
      .orderBy(activityLog.id);
    expect(reads.slice(-2).map((entry) => [entry.action, entry.entityType, entry.entityId])).toEqual([
      ['recovery-note.listed', 'recovery_note', null],
      ['recovery-note.progress-viewed', 'patient', team.patient.id],
    ]);
    expect(JSON.stringify([...entries, ...reads])).not.toContain('ZEBRA');
  });
});
