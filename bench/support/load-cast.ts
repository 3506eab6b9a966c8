// The load bench's people: real accounts of each role, signed in through the API, each holding its sockets.
// Demo accounts come first (they have a diary, notes and care teams); the rest register as a clinic's would,
// and staff put each new patient on a practitioner's care team so they may book and write.
import { WebSocket } from 'ws';
import { DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import type { Role } from '../../src/shared/roles';
import { inBatches } from './clinic-calls';
import { Client, type Recorder } from './load-record';

export type VirtualUser = {
  role: Role;
  id: string;
  email: string;
  client: Client;
  sockets: WebSocket[];
  /** Ids of the messages this user's messaging socket was told of. */
  received: Set<string>;
  /** Patients: the practitioners of their care team. */
  practitionerIds: string[];
  /** People of the cast this user may write to. */
  contacts: string[];
  /** Patients: appointments they booked and have not cancelled, with when they start. */
  booked: Array<{ id: string; startsAt: string }>;
  /** Members: events they hold a registration for. */
  registeredEvents: Set<string>;
  socketDrops: number;
  closing: boolean;
};

export const DEMO_PRACTITIONERS = [
  'practitioner@demo.clinic',
  'maya.okafor@demo.clinic',
  'daniel.reyes@demo.clinic',
  'hannah.weiss@demo.clinic',
];
export const DEMO_STAFF = ['staff@demo.clinic', 'priya.nair@demo.clinic', 'marcus.bell@demo.clinic'];
const BENCH_PASSWORD = 'BenchPassword!2026';

/** How many of each role N users are: one admin, a few staff and practitioners, a tenth members, patients. */
export function castOf(users: number) {
  const admin = 1;
  const staff = Math.min(DEMO_STAFF.length, Math.max(1, Math.round(users * 0.02)));
  const practitioner = Math.min(DEMO_PRACTITIONERS.length, Math.max(1, Math.round(users * 0.04)));
  const member = Math.max(1, Math.round(users * 0.1));
  const patient = Math.max(1, users - admin - staff - practitioner - member);
  return { admin, staff, practitioner, member, patient };
}

function person(role: Role, email: string, client: Client, id: string): VirtualUser {
  return {
    role,
    id,
    email,
    client,
    sockets: [],
    received: new Set(),
    practitionerIds: [],
    contacts: [],
    booked: [],
    registeredEvents: new Set(),
    socketDrops: 0,
    closing: false,
  };
}

type AuthAnswer = { token: string; user: { id: string } };

async function signIn(
  origin: string,
  recorder: Recorder,
  role: Role,
  email: string,
  password = DEMO_PASSWORD,
) {
  const client = new Client(origin, recorder);
  const answer = await client.call<AuthAnswer>('setup.sign-in', 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} answered ${answer.status}`);
  client.token = answer.body.token;
  return person(role, email, client, answer.body.user.id);
}

async function register(origin: string, recorder: Recorder, role: 'patient' | 'member', index: number) {
  const client = new Client(origin, recorder);
  const email = `bench-${role}-${index}@bench.clinic`;
  const answer = await client.call<AuthAnswer>('setup.register', 'POST', '/api/auth/register', {
    body: { email, password: BENCH_PASSWORD, firstName: 'Bench', lastName: `${role} ${index}`, role },
  });
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`registration of ${email} answered ${answer.status}`);
  client.token = answer.body.token;
  return person(role, email, client, answer.body.user.id);
}

/** Signs in or registers the whole cast and fills in what each needs to act (care team, contacts). */
export async function assembleCast(origin: string, recorder: Recorder, users: number) {
  const counts = castOf(users);
  const login = (role: Role, email: string) => signIn(origin, recorder, role, email);
  const admin = await login('admin', 'admin@demo.clinic');
  const staff = await inBatches(DEMO_STAFF.slice(0, counts.staff), 4, (email) => login('staff', email));
  const practitioners = await inBatches(DEMO_PRACTITIONERS.slice(0, counts.practitioner), 4, (email) =>
    login('practitioner', email),
  );

  // The demo clinic's active patients, then newly registered ones on a cast practitioner's care team.
  const listed = await staff[0].client.call<{ items: Array<{ email: string }> }>(
    'setup.patients',
    'GET',
    '/api/patients?status=active&limit=100',
  );
  const demoEmails = listed.body.items.map((item) => item.email).slice(0, counts.patient);
  const demoPatients = await inBatches(demoEmails, 4, (email) => login('patient', email));
  const newPatients = await inBatches(
    Array.from({ length: counts.patient - demoPatients.length }, (_, i) => i),
    4,
    async (i) => {
      const patient = await register(origin, recorder, 'patient', i);
      const practitioner = practitioners[i % practitioners.length];
      const assigned = await staff[0].client.call(
        'setup.care-team',
        'POST',
        `/api/patients/${patient.id}/practitioners/${practitioner.id}`,
      );
      if (assigned.status !== 200) throw new Error(`care team assignment answered ${assigned.status}`);
      return patient;
    },
  );
  const members = [
    await login('member', 'member@demo.clinic'),
    ...(await inBatches(
      Array.from({ length: counts.member - 1 }, (_, i) => i),
      4,
      (i) => register(origin, recorder, 'member', i),
    )),
  ];
  const cast = [admin, ...staff, ...practitioners, ...demoPatients, ...newPatients, ...members];

  const inCast = new Set(cast.map((user) => user.id));
  await inBatches(cast, 8, async (user) => {
    const contacts = await user.client.call<Array<{ id: string }>>(
      'messages.contacts',
      'GET',
      '/api/messages/contacts',
    );
    user.contacts = (Array.isArray(contacts.body) ? contacts.body : [])
      .map((contact) => contact.id)
      .filter((id) => id !== user.id && inCast.has(id));
    if (user.role !== 'patient') return;
    const record = await user.client.call<{ practitioners: Array<{ id: string }> }>(
      'patient.record',
      'GET',
      '/api/patients/me',
    );
    user.practitionerIds = (record.body.practitioners ?? []).map((practitioner) => practitioner.id);
  });
  return cast;
}

/**
 * Opens the user's messaging and notifications sockets, as the web app holds them. A socket that drops
 * while the run goes on is counted and opened again.
 */
export function openSockets(user: VirtualUser, origin: string) {
  const base = origin.replace(/^http/, 'ws');
  const open = (channel: 'messaging' | 'notifications') =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(
        `${base}/ws?token=${user.client.token}&userId=${user.id}&channel=${channel}`,
      );
      socket.on('message', (raw) => {
        if (channel !== 'messaging') return;
        const event = JSON.parse(String(raw)) as { type: string; to?: string; data?: { id?: string } };
        if (event.type === 'new_message' && event.to === user.id && event.data?.id)
          user.received.add(event.data.id);
      });
      socket.once('open', () => {
        user.sockets.push(socket);
        resolve();
      });
      socket.once('error', reject);
      socket.once('close', () => {
        user.sockets = user.sockets.filter((held) => held !== socket);
        if (user.closing) return;
        user.socketDrops++;
        open(channel).catch(() => {});
      });
    });
  return Promise.all([open('messaging'), open('notifications')]);
}

export function closeSockets(user: VirtualUser) {
  user.closing = true;
  for (const socket of user.sockets) socket.close();
}
