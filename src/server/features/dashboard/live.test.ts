import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clinicDayOf } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { openSocket, type TestSocket, untilConnections } from '../../test/sockets';
import { book, serviceType, slotAt } from '../appointments/testing';
import { completeAll, startAsVisitor } from '../onboarding/testing';
import { createPatient } from '../patients/testing';
import { careTeam, draft, expectStatus, share, sign } from '../recovery-notes/testing';

/**
 * Open dashboards stay live: a change behind someone's dashboard sends them 'dashboard_changed' on the
 * notifications socket, and nobody else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const open: TestSocket[] = [];
async function listenAll(people: TestPerson[]) {
  const sockets: TestSocket[] = [];
  for (const person of people) sockets.push(await listen(person));
  return sockets;
}
async function listen(person: TestPerson) {
  const before = t.ctx.hub.connectionCount;
  const socket = await openSocket(t, `token=${person.token}&userId=${person.id}&channel=notifications`, {
    withDashboardChanges: true,
  });
  await untilConnections(t, before + 1);
  open.push(socket);
  return socket;
}
const changes = (socket: TestSocket) =>
  socket.messages.filter((message) => (message as { type?: string }).type === 'dashboard_changed').length;
/** Waits for the pushes of a change to arrive, then counts each socket's. */
async function countsAfter(sockets: TestSocket[], change: () => Promise<unknown>) {
  const before = sockets.map(changes);
  await change();
  await new Promise((resolve) => setTimeout(resolve, 150));
  return sockets.map((socket, i) => changes(socket) - before[i]);
}

afterAll(() => {
  for (const socket of open) socket.socket.terminate();
});

describe('dashboard_changed pushes', () => {
  it('reach the patient, the author and the care team when a note changes, and staff when one is signed', async () => {
    const { practitioner, patient } = await careTeam(t);
    const colleague = await createPerson(t, 'practitioner');
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/patients/${patient.id}/practitioners/${colleague.id}`,
      status: 200,
    });
    const staff = await createPerson(t, 'staff');
    const stranger = await createPerson(t, 'practitioner');
    const sockets = await listenAll([patient, practitioner, colleague, staff, stranger]);

    const note = await draft(t, practitioner, { patientId: patient.id });
    await vi.waitFor(() => expect(changes(sockets[1])).toBeGreaterThan(0));
    const signed = await countsAfter(sockets, () => sign(t, practitioner, note.id));
    expect(signed.slice(0, 4).every((count) => count > 0)).toBe(true);
    expect(signed[4]).toBe(0);

    const shared = await countsAfter(sockets, () => share(t, practitioner, note.id));
    expect(shared[0]).toBeGreaterThan(0);
    expect(shared[3]).toBe(0);
    expect(shared[4]).toBe(0);
  });

  it('reach a message’s recipient when it arrives and when they read it', async () => {
    const staff = await createPerson(t, 'staff');
    const member = await createPerson(t, 'member');
    const [toMember, toStaff] = await listenAll([member, staff]);
    const [sent] = await countsAfter([toMember, toStaff], () =>
      expectStatus(t, staff, {
        method: 'POST',
        url: '/api/messages',
        payload: { recipientId: member.id, content: 'Welcome' },
        status: 201,
      }),
    );
    expect(sent).toBeGreaterThan(0);
    const [read] = await countsAfter([toMember], () =>
      expectStatus(t, member, {
        method: 'PUT',
        url: `/api/messages/conversations/${staff.id}/read`,
        status: 200,
      }),
    );
    expect(read).toBeGreaterThan(0);
  });

  it('reach a member when their donation is paid, and no other member', async () => {
    const [member, other] = [await createPerson(t, 'member'), await createPerson(t, 'member')];
    const sockets = await listenAll([member, other]);
    const started = await expectStatus<{ clientSecret: string; paymentIntentId: string }>(t, member, {
      method: 'POST',
      url: '/api/donations/create-payment-intent',
      payload: {
        amount: 15,
        email: '',
        firstName: 'Mo',
        lastName: 'Member',
        phone: '',
        description: 'Fund',
      },
      status: 200,
    });
    const [toMember, toOther] = await countsAfter(sockets, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm-card',
        payload: {
          clientSecret: started.clientSecret,
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
        },
      }),
    );
    expect(toMember).toBeGreaterThan(0);
    expect(toOther).toBe(0);
  });

  it('reach every staff and admin account when staff add a patient', async () => {
    const staff = await createPerson(t, 'staff');
    const admin = await createPerson(t, 'admin');
    const practitioner = await createPerson(t, 'practitioner');
    const counts = await countsAfter(await listenAll([staff, admin, practitioner]), () => createPatient(t));
    expect(counts).toEqual([1, 1, 0]);
  });

  it('reach every staff and admin account when a visitor signs up as a patient', async () => {
    const staff = await createPerson(t, 'staff');
    const admin = await createPerson(t, 'admin');
    const practitioner = await createPerson(t, 'practitioner');
    const sockets = await listenAll([staff, admin, practitioner]);
    const counts = await countsAfter(sockets, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `signup-${Date.now()}@example.test`,
          password: 'correct-horse-1',
          firstName: 'Sam',
          lastName: 'Signup',
        },
      }),
    );
    expect(counts).toEqual([1, 1, 0]);
    const [byOnboarding] = await countsAfter(sockets, () => startAsVisitor(t));
    expect(byOnboarding).toBe(1);
  });

  it('reach the patient when they finish their onboarding', async () => {
    const visitor = await startAsVisitor(t, { firstName: 'Onna', lastName: 'Boarding' });
    const patient = { id: visitor.user.id, token: visitor.token } as TestPerson;
    const stranger = await createPerson(t, 'practitioner');
    const [told, notTold] = await countsAfter(await listenAll([patient, stranger]), () =>
      completeAll(t, visitor.token, 'Onna Boarding'),
    );
    expect(told).toBeGreaterThan(0);
    expect(notTold).toBe(0);
  });

  it("reach the patient, the practitioner and the clinic for today's appointments, the patient alone for later ones", async () => {
    const { practitioner, patient } = await careTeam(t);
    const staff = await createPerson(t, 'staff');
    const admin = await createPerson(t, 'admin');
    const stranger = await createPerson(t, 'practitioner');
    const service = await serviceType(t);
    const sockets = await listenAll([patient, practitioner, staff, admin, stranger]);
    const base = { practitionerId: practitioner.id, serviceTypeId: service.id, patientId: patient.id };

    const { from } = clinicDayOf(new Date());
    const todayStart = new Date(from.getTime() + 7 * 3_600_000);
    const today = await countsAfter(sockets, () =>
      book(t, staff, { ...base, startsAt: todayStart.toISOString() }),
    );
    expect(today.slice(0, 4).every((count) => count > 0)).toBe(true);
    expect(today[4]).toBe(0);

    let later: { id: string } | undefined;
    const booked = await countsAfter(sockets, async () => {
      later = await book(t, staff, { ...base, ...slotAt(12) });
    });
    // The practitioner hears of it through their notification of the booking, not as a session of today.
    expect(booked[0]).toBeGreaterThan(0);
    expect(booked.slice(2)).toEqual([0, 0, 0]);

    const moved = await countsAfter(sockets, () =>
      expectStatus(t, staff, {
        method: 'PATCH',
        url: `/api/appointments/${later!.id}`,
        payload: slotAt(14),
        status: 200,
      }),
    );
    // A move may take an appointment off today, so whoever shows today is asked to look again.
    expect(moved.slice(0, 4).every((count) => count > 0)).toBe(true);
    expect(moved[4]).toBe(0);
  });
});
