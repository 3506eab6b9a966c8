// What each role does in the load bench, one action at a time with think time between: the reads a portal
// page makes and the writes its buttons make. Every acknowledged write goes into the ledger.
import type { Role } from '../../src/shared/roles';
import type { VirtualUser } from './load-cast';
import type { Ledger } from './load-ledger';
import { pick } from './load-record';

export type World = {
  cast: VirtualUser[];
  ledger: Ledger;
  serviceTypeId: string;
  variantId: string;
  eventIds: string[];
};

type Action = (user: VirtualUser, world: World) => Promise<unknown>;

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const weekWindow = () => {
  const from = new Date(Date.now() - 2 * DAY).toISOString();
  return `from=${from}&to=${new Date(Date.now() + 5 * DAY).toISOString()}`;
};
const TEST_CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

const dashboard: Action = (user) => user.client.call('dashboard', 'GET', '/api/dashboard');
const notifications: Action = async (user) => {
  await user.client.call('notifications.list', 'GET', '/api/notifications');
  await user.client.call('notifications.unread-count', 'GET', '/api/notifications/unread-count');
};
const unreadMessages: Action = (user) =>
  user.client.call('messages.unread-count', 'GET', '/api/messages/unread-count');

const readConversation: Action = async (user) => {
  const page = await user.client.call<{ items?: Array<{ userId?: string; user?: { id: string } }> }>(
    'messages.conversations',
    'GET',
    '/api/messages/conversations',
  );
  const other = pick(user.contacts);
  if (!other) return;
  await user.client.call('messages.thread', 'GET', `/api/messages?with=${other}&limit=50`);
  if (page.status === 200)
    await user.client.call('messages.mark-read', 'PUT', `/api/messages/conversations/${other}/read`, {
      body: {},
    });
};

const sendMessage: Action = async (user, world) => {
  const recipientId = pick(user.contacts);
  if (!recipientId) return;
  const sent = await user.client.call<{ id: string }>('messages.send', 'POST', '/api/messages', {
    body: { recipientId, content: `Load bench note from ${user.role} at ${new Date().toISOString()}` },
  });
  if (sent.status === 201 && sent.body.id) world.ledger.messages.set(sent.body.id, recipientId);
};

/** A patient looks at a care-team practitioner's free times a few days ahead and asks for one. */
const bookAppointment: Action = async (user, world) => {
  const practitionerId = pick(user.practitionerIds);
  if (!practitionerId) return;
  // A week from two days to two months ahead: a long run does not fill the diary's first week and stop.
  const start = 2 + Math.floor(Math.random() * 56);
  const free = await user.client.call<{ slots: Array<{ startsAt: string }> }>(
    'appointments.slots',
    'GET',
    `/api/practitioners/${practitionerId}/slots?serviceTypeId=${world.serviceTypeId}&from=${day(start)}&to=${day(start + 6)}`,
  );
  const slot = pick((free.body.slots ?? []).slice(0, 40));
  if (!slot) return;
  const booked = await user.client.call<{ id: string; startsAt: string }>(
    'appointments.book',
    'POST',
    '/api/appointments',
    // 409: another user took the time between the read and the booking.
    {
      body: { practitionerId, serviceTypeId: world.serviceTypeId, startsAt: slot.startsAt },
      refusals: [409],
    },
  );
  if (booked.status !== 201) return;
  world.ledger.expect('appointments', booked.body.id, ['scheduled', 'confirmed']);
  user.booked.push({ id: booked.body.id, startsAt: booked.body.startsAt });
};

/** A patient cancels one they booked that is more than a day ahead (nearer, the clinic refuses). */
const cancelAppointment: Action = async (user, world) => {
  const index = user.booked.findIndex((item) => Date.parse(item.startsAt) - Date.now() > 25 * 3_600_000);
  if (index < 0) return bookAppointment(user, world);
  const [appointment] = user.booked.splice(index, 1);
  const cancelled = await user.client.call(
    'appointments.cancel',
    'POST',
    `/api/appointments/${appointment.id}/cancel`,
    {
      body: { reason: 'Cannot make it (load bench)' },
    },
  );
  if (cancelled.status === 200) world.ledger.expect('appointments', appointment.id, ['cancelled']);
};

const myAppointments: Action = (user) =>
  user.client.call('appointments.list', 'GET', '/api/appointments?scope=upcoming');
const myNotes: Action = (user) => user.client.call('recovery-notes.list', 'GET', '/api/recovery-notes');

const calendar: Action = (user) =>
  user.client.call(
    'appointments.calendar',
    'GET',
    `/api/appointments?${weekWindow()}&limit=500${user.role === 'practitioner' ? `&practitionerId=${user.id}` : ''}`,
  );
const patientList: Action = (user) => user.client.call('patients.list', 'GET', '/api/patients?limit=25');

/** A practitioner drafts a note for one of their patients, autosaves it and, mostly, signs it. */
const writeNote: Action = async (user, world) => {
  const patients = await user.client.call<{ items: Array<{ id: string }> }>(
    'patients.list',
    'GET',
    '/api/patients?limit=25',
  );
  const patient = pick(patients.body.items ?? []);
  if (!patient) return;
  const made = await user.client.call<{ id: string }>(
    'recovery-notes.create',
    'POST',
    '/api/recovery-notes',
    {
      body: {
        patientId: patient.id,
        subjective: 'Reports less stiffness in the mornings.',
        objective: 'Range of motion improved by 10 degrees.',
        painScore: Math.floor(Math.random() * 8),
        goals: [{ goal: 'Walk 2 km without pain', progress: Math.floor(Math.random() * 100) }],
      },
    },
  );
  if (made.status !== 201) return;
  world.ledger.expect('recovery_notes', made.body.id, ['draft', 'signed']);
  const saved = await user.client.call(
    'recovery-notes.autosave',
    'PATCH',
    `/api/recovery-notes/${made.body.id}`,
    {
      body: { assessment: 'Progressing as planned.', plan: 'Continue home exercises; review in two weeks.' },
    },
  );
  if (saved.status !== 200 || Math.random() < 0.2) return;
  const signed = await user.client.call(
    'recovery-notes.sign',
    'POST',
    `/api/recovery-notes/${made.body.id}/sign`,
    {
      body: {},
    },
  );
  if (signed.status === 200) world.ledger.expect('recovery_notes', made.body.id, ['signed']);
};

/** Staff bill a patient of the cast and take the card at the desk through the test provider. */
const invoiceAndPay: Action = async (user, world) => {
  const patient = pick(world.cast.filter((other) => other.role === 'patient'));
  if (!patient) return;
  const made = await user.client.call<{ invoice: { id: string } }>(
    'invoice.create',
    'POST',
    '/api/invoices',
    {
      body: {
        patientId: patient.id,
        lineItems: [{ description: 'Physiotherapy session', quantity: 1, unitPriceCents: 8500 }],
      },
    },
  );
  if (made.status !== 201) return;
  const id = made.body.invoice.id;
  world.ledger.expect('invoices', id);
  const sent = await user.client.call('invoice.send', 'POST', `/api/invoices/${id}/send`, { body: {} });
  if (sent.status !== 200) return;
  world.ledger.expect('invoices', id, ['sent', 'paid']);
  const intent = await user.client.call<{ clientSecret: string; paymentIntentId: string }>(
    'invoice.pay',
    'POST',
    `/api/invoices/${id}/pay`,
    { body: {} },
  );
  if (intent.status !== 200) return;
  const card = await user.client.call('payment.test-card', 'POST', '/api/payments/test/confirm-card', {
    body: { clientSecret: intent.body.clientSecret, ...TEST_CARD },
  });
  if (card.status !== 200) return;
  const confirmed = await user.client.call('invoice.pay-confirm', 'POST', `/api/invoices/${id}/pay/confirm`, {
    body: { paymentIntentId: intent.body.paymentIntentId },
  });
  if (confirmed.status === 200) world.ledger.expect('invoices', id, ['paid']);
};
const invoiceList: Action = (user) => user.client.call('invoice.list', 'GET', '/api/invoices');

/** A member browses the store, puts the bench's item in the cart, checks out and pays. */
const buy: Action = async (user, world) => {
  await user.client.call('store.products', 'GET', '/api/products');
  const added = await user.client.call('store.cart-add', 'POST', '/api/cart/items', {
    body: { variantId: world.variantId, quantity: 1 },
  });
  if (added.status !== 200) return;
  const started = await user.client.call<{ orderId: string; clientSecret: string; paymentIntentId: string }>(
    'store.checkout',
    'POST',
    '/api/orders/checkout',
    {
      body: {
        shippingAddress: {
          name: 'Bench Member',
          line1: '1 Harbour Road',
          city: 'Portland',
          region: 'OR',
          postalCode: '97201',
          country: 'us',
        },
      },
    },
  );
  if (started.status !== 200) return;
  world.ledger.expect('orders', started.body.orderId);
  const card = await user.client.call('payment.test-card', 'POST', '/api/payments/test/confirm-card', {
    body: { clientSecret: started.body.clientSecret, ...TEST_CARD },
  });
  if (card.status !== 200) return;
  const confirmed = await user.client.call('store.confirm', 'POST', '/api/orders/confirm', {
    body: { paymentIntentId: started.body.paymentIntentId },
  });
  if (confirmed.status === 200) world.ledger.expect('orders', started.body.orderId, ['paid']);
};

type Registration = {
  registration: { id: string; status: string };
  clientSecret: string | null;
  paymentIntentId: string | null;
};

/** A member registers for an upcoming event (paying for a paid seat), or gives up one they hold. */
const event: Action = async (user, world) => {
  await user.client.call('events.list', 'GET', '/api/events');
  const id = pick(world.eventIds);
  if (!id) return;
  const base = `/api/events/${id}/registration`;
  if (user.registeredEvents.has(id)) {
    // 409: the seat changed meanwhile (an offer or a payment hold lapsed).
    const left = await user.client.call<Registration>('events.cancel', 'POST', `${base}/cancel`, {
      body: {},
      refusals: [409],
    });
    if (left.status === 200) {
      user.registeredEvents.delete(id);
      world.ledger.expect('event_registrations', left.body.registration.id, ['cancelled']);
    }
    return;
  }
  const joined = await user.client.call<Registration>('events.register', 'POST', base, {
    body: {},
    refusals: [409],
  });
  if (joined.status !== 200) return;
  user.registeredEvents.add(id);
  const registrationId = joined.body.registration.id;
  // A waitlisted place may be offered a seat meanwhile, and a payment hold may lapse: only that it exists.
  world.ledger.expect('event_registrations', registrationId);
  if (!joined.body.clientSecret || !joined.body.paymentIntentId) {
    if (joined.body.registration.status === 'registered')
      world.ledger.expect('event_registrations', registrationId, ['registered']);
    return;
  }
  const card = await user.client.call('payment.test-card', 'POST', '/api/payments/test/confirm-card', {
    body: { clientSecret: joined.body.clientSecret, ...TEST_CARD },
  });
  if (card.status !== 200) return;
  const paid = await user.client.call<Registration>('events.pay-confirm', 'POST', `${base}/confirm`, {
    body: { paymentIntentId: joined.body.paymentIntentId },
  });
  if (paid.status === 200 && paid.body.registration.status === 'registered')
    world.ledger.expect('event_registrations', registrationId, ['registered']);
};

const adminReads: Action = async (user) => {
  const role = pick(['patient', 'practitioner', 'staff', 'member'] as const);
  await user.client.call('admin.users', 'GET', `/api/admin/users?role=${role}`);
  await user.client.call('admin.activity', 'GET', '/api/admin/activity');
};
const adminOrders: Action = (user) => user.client.call('admin.orders', 'GET', '/api/admin/orders');
const adminEvents: Action = (user) => user.client.call('admin.events', 'GET', '/api/admin/events');

/** What each role does, with how often (weights, not percentages). */
const BEHAVIOUR: Record<Role, Array<[Action, number]>> = {
  patient: [
    [dashboard, 3],
    [notifications, 2],
    [unreadMessages, 2],
    [readConversation, 2],
    [sendMessage, 2],
    [bookAppointment, 2],
    [cancelAppointment, 1],
    [myAppointments, 1],
    [myNotes, 1],
  ],
  practitioner: [
    [dashboard, 2],
    [calendar, 3],
    [patientList, 1],
    [writeNote, 3],
    [notifications, 2],
    [unreadMessages, 1],
    [readConversation, 2],
    [sendMessage, 2],
  ],
  staff: [
    [dashboard, 2],
    [calendar, 2],
    [patientList, 2],
    [invoiceAndPay, 3],
    [invoiceList, 1],
    [notifications, 1],
    [readConversation, 1],
    [sendMessage, 2],
  ],
  admin: [
    [dashboard, 2],
    [adminReads, 2],
    [adminOrders, 1],
    [adminEvents, 1],
    [notifications, 1],
    [readConversation, 1],
    [sendMessage, 1],
  ],
  member: [
    [dashboard, 2],
    [buy, 2],
    [event, 3],
    [notifications, 1],
    [unreadMessages, 1],
    [readConversation, 1],
    [sendMessage, 1],
  ],
};

/** One action of the role, drawn by weight. */
export function nextAction(role: Role): Action {
  const choices = BEHAVIOUR[role];
  let roll = Math.random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [action, weight] of choices) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return choices[0][0];
}
