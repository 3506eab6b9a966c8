import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../shared/auth';
import type { Role } from '../../../shared/roles';
import type { Appointment } from '../../../shared/scheduling';
import { DEMO_PASSWORD } from '../../db/demo-accounts';
import { serviceTypes } from '../../db/schema';
import { bearer } from '../../test/app';
import { openNetworkSocket, type TestSocket } from '../../test/sockets';
import { type Instance, twoInstances } from '../../test/two-instances';
import { createAccount } from '../accounts/service';
import { frameWhere, personIn, stateWhere } from '../telehealth/testing';

// Included only when both TEST_DATABASE_URL and REDIS_URL are set (vitest.config.ts): the practitioner's
// socket on one instance, the patient's on another, one PostgreSQL database and one Redis between them. The
// call's state, its signalling and its chat cross through the hub's Redis fan-out.
let instances: Awaited<ReturnType<typeof twoInstances>>;
let a: Instance;
let b: Instance;
const origins: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  instances = await twoInstances();
  ({ a, b } = instances);
  for (const [name, instance] of [
    ['a', a],
    ['b', b],
  ] as const) {
    await instance.app.listen({ port: 0, host: '127.0.0.1' });
    origins[name] = `http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`;
  }
});
afterAll(() => instances?.close());

type Person = { id: string; token: string };

async function person(role: Role): Promise<Person> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.test`;
  const password = 'correct-horse-1';
  await createAccount(
    a.ctx.db,
    { email, password, firstName: 'Sam', lastName: role, role },
    { actorId: null },
  );
  const response = await a.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  const { token, user } = response.json<AuthResponse>();
  return { id: user.id, token };
}

async function asAdmin() {
  const response = await a.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@demo.clinic', password: DEMO_PASSWORD },
  });
  return response.json<AuthResponse>().token;
}

async function post(token: string, url: string, payload: unknown = {}) {
  const response = await fetch(`${origins.a}${url}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(response.status, `${url}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json();
}

const socketOn = (on: 'a' | 'b', who: Person) =>
  openNetworkSocket(origins[on], `token=${who.token}&userId=${who.id}&channel=telehealth`);

const emit = (socket: TestSocket, frame: unknown) => socket.socket.send(JSON.stringify(frame));

describe('a call across two instances', () => {
  it('shares presence, relays signals and chat, and ends for both through Redis', async () => {
    const admin = await asAdmin();
    await fetch(`${origins.a}/api/clinic/features`, {
      method: 'PUT',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ videoVisits: true }),
    });
    const host = await person('practitioner');
    const patient = await person('patient');
    await post(admin, `/api/patients/${patient.id}/practitioners/${host.id}`);
    const [service] = await a.ctx.db
      .insert(serviceTypes)
      .values({ name: `Video ${Math.random()}`, durationMinutes: 30, priceCents: 0, colour: '#2563eb' })
      .returning();
    const visit = (await post(admin, '/api/appointments', {
      patientId: patient.id,
      practitionerId: host.id,
      serviceTypeId: service.id,
      startsAt: new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7_200_000).toISOString(),
      isVideo: true,
    })) as Appointment;
    const id = visit.id;

    const hostSocket = await socketOn('a', host);
    const patientSocket = await socketOn('b', patient);
    // B's presence row is what A draws: the host's page sees the patient waiting.
    emit(patientSocket, { type: 'join', appointmentId: id });
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === true);
    emit(hostSocket, { type: 'join', appointmentId: id });
    await stateWhere(patientSocket, (s) => personIn(s, host.id)?.present === true);

    await post(host.token, `/api/telehealth/sessions/${id}/start`);
    await post(host.token, `/api/telehealth/sessions/${id}/admit`, { userId: patient.id });
    await stateWhere(patientSocket, (s) => s.state === 'live' && personIn(s, patient.id)?.admitted === true);

    const offer = { description: { type: 'offer', sdp: 'v=0 across' } };
    emit(hostSocket, { type: 'signal', appointmentId: id, to: patient.id, data: offer });
    expect(await frameWhere(patientSocket, (f) => f.type === 'signal')).toMatchObject({
      from: host.id,
      data: offer,
    });
    emit(patientSocket, { type: 'chat', appointmentId: id, text: 'Can you hear me?' });
    expect(await frameWhere(hostSocket, (f) => f.type === 'chat')).toMatchObject({
      from: patient.id,
      text: 'Can you hear me?',
    });

    await post(host.token, `/api/telehealth/sessions/${id}/end`);
    await stateWhere(patientSocket, (s) => s.state === 'ended');
    patientSocket.socket.close();
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === false);
    hostSocket.socket.close();
  });
});
