import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { openSocket, until, untilConnections } from '../../test/sockets';
import { expectStatus } from '../recovery-notes/testing';
import { call, careTeam, setCareBetweenVisits } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setCareBetweenVisits(t, true);
});
afterAll(() => t.close());

describe("a patient's check-in schedule, live", () => {
  it('tells the patient, their practitioner and the clinic team when it is set and removed; not a member', async () => {
    const { practitioner, patient } = await careTeam(t);
    const sockets = {
      patient: await openSocket(t, `token=${patient.token}&channel=notifications`),
      practitioner: await openSocket(t, `token=${practitioner.token}&channel=notifications`),
      staff: await openSocket(t, `token=${await t.tokenOf('staff')}&channel=notifications`),
      member: await openSocket(t, `token=${await t.tokenOf('member')}&channel=notifications`),
    };
    await untilConnections(t, 4);
    const changed = JSON.stringify({ type: 'check_ins_changed', patientId: patient.id });
    const heard = (socket: { messages: unknown[] }) =>
      socket.messages.filter((message) => JSON.stringify(message) === changed).length;
    const everyoneHeard = (times: number) =>
      heard(sockets.patient) === times &&
      heard(sockets.practitioner) === times &&
      heard(sockets.staff) === times;

    const schedule = await expectStatus<{ id: string }>(t, practitioner, {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { patientId: patient.id, measure: 'psfs', trigger: 'every_weeks', interval: 4 },
      status: 201,
    });
    expect(await until(() => everyoneHeard(1))).toBe(true);
    const removed = await call(t, practitioner, {
      method: 'DELETE',
      url: `/api/check-ins/schedules/${schedule.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await until(() => everyoneHeard(2))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sockets.member.messages).toEqual([]);
    for (const socket of Object.values(sockets)) socket.socket.close();
  });
});
