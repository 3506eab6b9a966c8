import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_POLICY } from '../../../shared/billing';
import { appointmentFees } from '../../db/schema';
import {
  type Expected,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  signedIn,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import {
  chargeKey,
  draft,
  line,
  pay,
  savedCard,
  sentInvoice,
  serviceType,
  session,
  sessionBilling,
} from './testing';

/**
 * Who reaches the billing routes. "own" is an invoice of the demo patient (in the demo practitioner's care),
 * "other" one of a patient nobody demo cares for; both are sent and part paid. Changes are asked in a way
 * that changes nothing (a sent invoice is no draft, amounts above the balance, a void of a paid invoice), so
 * a reached invoice answers 400 or 409 and an unreached one 404. Members never see billing (403). Rows marked
 * onDraft take a fresh draft per case instead (of the demo patient for "own", of the other patient for "other").
 * Practitioners bill as themselves: naming a colleague is 400, while the desk names anyone.
 */
let t: TestApp;
const ids: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
const paymentIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
const cardIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
const patientIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
let demoPatientId = '';
let strangerId = '';
let colleagueId = '';
let serviceTypeId = '';
const sessionIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
/** A waived fee on a session of the demo practitioner ("own") and of a colleague ("other"): nothing to do. */
const feeIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };

beforeAll(async () => {
  t = await createTestApp();
  demoPatientId = (await demoPerson(t, 'patient')).id;
  const stranger = await createPerson(t, 'patient');
  strangerId = stranger.id;
  colleagueId = (await createPerson(t, 'practitioner')).id;
  // Checkout: a completed session of the demo practitioner's with the demo patient, and a colleague's with a
  // patient nobody demo cares for.
  const service = await serviceType(t);
  serviceTypeId = service.id;
  const demoPractitionerId = (await demoPerson(t, 'practitioner')).id;
  sessionIds.own = (
    await session(t, {
      patientId: demoPatientId,
      practitionerId: demoPractitionerId,
      serviceTypeId: service.id,
    })
  ).id;
  sessionIds.other = (
    await session(t, { patientId: stranger.id, practitionerId: colleagueId, serviceTypeId: service.id })
  ).id;
  // Statements and checkout answer only while session billing is on.
  await t.injectAs('admin', {
    method: 'PUT',
    url: '/api/billing/policy',
    payload: { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
  });
  for (const [target, patientId] of [
    ['own', demoPatientId],
    ['other', stranger.id],
  ] as const) {
    const invoice = await sentInvoice(t, patientId, { cents: 5000 });
    const paid = await pay(t, 'staff', { id: invoice.id, amountCents: 100 });
    ids[target] = invoice.id;
    paymentIds[target] = paid.json().invoice.payments[0].id;
  }
  await t.injectAs('admin', {
    method: 'PUT',
    url: '/api/billing/policy',
    payload: {
      sessionBilling: true,
      lateCancelWindowHours: 24,
      lateCancelFeeCents: 2500,
      noShowFeeCents: 4000,
    },
  });
  for (const [target, patientId, practitionerId] of [
    ['own', demoPatientId, demoPractitionerId],
    ['other', stranger.id, colleagueId],
  ] as const) {
    const missed = await session(t, {
      patientId,
      practitionerId,
      serviceTypeId: service.id,
      status: 'no_show',
    });
    const [fee] = await t.database.db
      .insert(appointmentFees)
      .values({
        appointmentId: missed.id,
        patientId,
        kind: 'no_show',
        amountCents: 4000,
        status: 'waived',
        waiveReason: 'First time',
      })
      .returning();
    feeIds[target] = fee.id;
  }
  // Cards on file exist while session billing is on (the policy row below keeps it on).
  await sessionBilling(t, true);
  cardIds.own = (await savedCard(t, 'patient')).id;
  cardIds.other = (await savedCard(t, stranger)).id;
  patientIds.own = demoPatientId;
  patientIds.other = stranger.id;
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  route: string;
  url: (target: Target | null, draftId: string) => string;
  body?: (target: Target | null) => unknown;
  onDraft?: true;
  expect: Expected;
};

async function freshDraft(target: Target | null) {
  if (target === 'own') return (await draft(t, 'staff', { patientId: demoPatientId })).id;
  if (target === 'other') return (await draft(t, 'staff', { patientId: strangerId })).id;
  return MISSING_ID;
}

const at = (target: Target | null) => ids[target ?? 'missing'];
const patientAt = (target: Target | null) =>
  target === 'own' ? demoPatientId : target === 'other' ? strangerId : MISSING_ID;
const byRole = (
  statuses: Partial<Record<'patient' | 'practitioner' | 'staff' | 'admin', number | Record<Target, number>>>,
): Expected => ({
  visitor: 401,
  member: 403,
  patient: 403,
  practitioner: 403,
  staff: 403,
  admin: 403,
  ...statuses,
});
const reached = (status: number) => ({ own: status, other: status, missing: 404 });
const ownOnly = (status: number) => ({ own: status, other: 404, missing: 404 });
const record = (statuses: Parameters<typeof byRole>[0]): Expected => {
  const result = byRole(statuses);
  const refuse = (status: number) => ({ own: status, other: status, missing: status });
  return {
    ...result,
    visitor: refuse(401),
    member: refuse(403),
    ...Object.fromEntries(
      (['patient', 'practitioner', 'staff', 'admin'] as const)
        .filter((role) => typeof result[role] === 'number')
        .map((role) => [role, refuse(result[role] as number)]),
    ),
  } as Expected;
};

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/invoices',
    url: () => '/api/invoices',
    expect: byRole({ patient: 200, practitioner: 200, staff: 200, admin: 200 }),
  },
  {
    method: 'POST',
    route: '/api/invoices',
    url: () => '/api/invoices',
    body: () => ({
      patientId: demoPatientId,
      lineItems: [{ description: 'Band', quantity: 1, unitPriceCents: 500 }],
    }),
    expect: byRole({ practitioner: 201, staff: 201, admin: 201 }),
  },
  {
    method: 'POST',
    route: '/api/invoices',
    url: () => '/api/invoices',
    body: () => ({ patientId: demoPatientId, practitionerId: colleagueId, lineItems: [line()] }),
    expect: byRole({ practitioner: 400, staff: 201, admin: 201 }),
  },
  {
    // A patient out of the caller's reach is one that does not exist.
    method: 'POST',
    route: '/api/invoices',
    url: () => '/api/invoices',
    body: () => ({ patientId: strangerId, lineItems: [line()] }),
    expect: byRole({ practitioner: 404, staff: 201, admin: 201 }),
  },
  {
    method: 'GET',
    route: '/api/invoices/billable',
    url: () => `/api/invoices/billable?patientId=${demoPatientId}`,
    expect: byRole({ practitioner: 200, staff: 200, admin: 200 }),
  },
  {
    // Session billing is on here (see beforeAll): whoever may bill reads the view.
    method: 'GET',
    route: '/api/invoices/unbilled',
    url: () => '/api/invoices/unbilled',
    expect: byRole({ practitioner: 200, staff: 200, admin: 200 }),
  },
  {
    method: 'POST',
    route: '/api/invoices/from-sessions',
    url: () => '/api/invoices/from-sessions',
    // A session out of reach refuses the whole batch as one that does not exist.
    body: () => ({ appointmentIds: [MISSING_ID] }),
    expect: byRole({ practitioner: 404, staff: 404, admin: 404 }),
  },
  {
    method: 'GET',
    route: '/api/invoices/:id',
    url: (target) => `/api/invoices/${at(target)}`,
    expect: record({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    method: 'PATCH',
    route: '/api/invoices/:id',
    url: (target) => `/api/invoices/${at(target)}`,
    body: () => ({ notes: 'Changed' }),
    expect: record({ practitioner: ownOnly(409), staff: reached(409), admin: reached(409) }),
  },
  {
    method: 'PATCH',
    route: '/api/invoices/:id',
    onDraft: true,
    url: (_target, draftId) => `/api/invoices/${draftId}`,
    body: () => ({ practitionerId: colleagueId }),
    expect: record({ practitioner: ownOnly(400), staff: reached(200), admin: reached(200) }),
  },
  {
    method: 'DELETE',
    route: '/api/invoices/:id',
    url: (target) => `/api/invoices/${at(target)}`,
    expect: record({ practitioner: ownOnly(409), staff: reached(409), admin: reached(409) }),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/send',
    url: (target) => `/api/invoices/${at(target)}/send`,
    expect: record({ practitioner: ownOnly(409), staff: reached(409), admin: reached(409) }),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/payments',
    url: (target) => `/api/invoices/${at(target)}/payments`,
    body: () => ({ method: 'cash', amountCents: 9_999_999 }),
    expect: record({ practitioner: ownOnly(400), staff: reached(400), admin: reached(400) }),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/payments/:paymentId/refund',
    url: (target) => `/api/invoices/${at(target)}/payments/${paymentIds[target ?? 'missing']}/refund`,
    body: () => ({ amountCents: 9_999_999, reason: 'Too much' }),
    expect: record({ staff: reached(400), admin: reached(400) }),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/void',
    url: (target) => `/api/invoices/${at(target)}/void`,
    body: () => ({ reason: 'Wrong' }),
    expect: record({ staff: reached(409), admin: reached(409) }),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/pay',
    url: (target) => `/api/invoices/${at(target)}/pay`,
    expect: record({ patient: ownOnly(200), staff: reached(200), admin: reached(200) }),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/pay/confirm',
    url: (target) => `/api/invoices/${at(target)}/pay/confirm`,
    body: () => ({ paymentIntentId: 'pi_unknown' }),
    expect: record({ patient: ownOnly(400), staff: reached(400), admin: reached(400) }),
  },
  {
    method: 'GET',
    route: '/api/invoices/:id/pdf',
    url: (target) => `/api/invoices/${at(target)}/pdf`,
    expect: record({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    method: 'GET',
    route: '/api/invoices/:id/payments/:paymentId/receipt',
    url: (target) => `/api/invoices/${at(target)}/payments/${paymentIds[target ?? 'missing']}/receipt`,
    expect: record({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    method: 'GET',
    route: '/api/billing/settings',
    url: () => '/api/billing/settings',
    expect: byRole({ practitioner: 200, staff: 200, admin: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/billing/settings',
    url: () => '/api/billing/settings',
    body: () => ({ taxRateBasisPoints: 0, paymentTermsDays: 30 }),
    expect: byRole({ staff: 200, admin: 200 }),
  },
  {
    method: 'GET',
    route: '/api/billing/policy',
    url: () => '/api/billing/policy',
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/billing/policy',
    url: () => '/api/billing/policy',
    body: () => ({ ...DEFAULT_BILLING_POLICY, sessionBilling: true }),
    expect: byRole({ admin: 200 }),
  },
  {
    method: 'GET',
    route: '/api/invoices/checkout/:appointmentId',
    url: (target) => `/api/invoices/checkout/${sessionIds[target ?? 'missing']}`,
    expect: byRole({ practitioner: ownOnly(200), staff: reached(200), admin: reached(200) }),
  },
  {
    // Checking a session out again carries on with its invoice, so each case answers 200 where reached.
    method: 'POST',
    route: '/api/invoices/checkout/:appointmentId',
    url: (target) => `/api/invoices/checkout/${sessionIds[target ?? 'missing']}`,
    body: () => ({ payment: { kind: 'account' } }),
    expect: byRole({ practitioner: ownOnly(200), staff: reached(200), admin: reached(200) }),
  },
  {
    method: 'GET',
    route: '/api/billing/statements',
    url: (target) => `/api/billing/statements?patientId=${patientAt(target)}`,
    expect: byRole({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    method: 'GET',
    route: '/api/billing/statements/pdf',
    url: (target) => `/api/billing/statements/pdf?patientId=${patientAt(target)}`,
    expect: byRole({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    // A patient lists their own cards; a practitioner their patients'; the desk anyone's.
    method: 'GET',
    route: '/api/billing/cards',
    url: (target) => `/api/billing/cards?patientId=${patientIds[target ?? 'missing']}`,
    expect: byRole({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    method: 'POST',
    route: '/api/billing/statements/email',
    url: () => '/api/billing/statements/email',
    body: () => ({ patientId: demoPatientId }),
    expect: byRole({ staff: 200, admin: 200 }),
  },
  {
    method: 'GET',
    route: '/api/billing/fees',
    url: () => '/api/billing/fees?status=pending',
    expect: byRole({ practitioner: 200, staff: 200, admin: 200 }),
  },
  {
    // The fees are waived already: a reached one is 409, one out of reach 404.
    method: 'POST',
    route: '/api/billing/fees/:id/apply',
    url: (target) => `/api/billing/fees/${feeIds[target ?? 'missing']}/apply`,
    expect: record({ practitioner: ownOnly(409), staff: reached(409), admin: reached(409) }),
  },
  {
    method: 'POST',
    route: '/api/billing/fees/:id/waive',
    url: (target) => `/api/billing/fees/${feeIds[target ?? 'missing']}/waive`,
    body: () => ({ reason: 'Goodwill' }),
    expect: record({ practitioner: ownOnly(403), staff: reached(409), admin: reached(409) }),
  },
  {
    method: 'POST',
    route: '/api/billing/cards/setup',
    url: () => '/api/billing/cards/setup',
    expect: byRole({ patient: 200 }),
  },
  {
    // A setup nobody made is refused by name; only patients save cards.
    method: 'POST',
    route: '/api/billing/cards',
    url: () => '/api/billing/cards',
    body: () => ({ setupIntentId: 'seti_unknown', consent: true }),
    expect: byRole({ patient: 400 }),
  },
  {
    // The patient's card, for more than the balance: a reached invoice answers 400, changing nothing.
    method: 'POST',
    route: '/api/invoices/:id/charge-card',
    url: (target) => `/api/invoices/${at(target)}/charge-card`,
    body: (target) => ({
      cardId: cardIds[target ?? 'missing'],
      amountCents: 9_000_000,
      idempotencyKey: chargeKey(),
    }),
    expect: record({ staff: reached(400), admin: reached(400) }),
  },
  {
    method: 'GET',
    route: '/api/billing/packages',
    url: () => '/api/billing/packages',
    expect: byRole({ practitioner: 200, staff: 200, admin: 200 }),
  },
  {
    // A package of no sessions: an admin is told why, and nothing is made.
    method: 'POST',
    route: '/api/billing/packages',
    url: () => '/api/billing/packages',
    body: () => ({ name: 'None', sessions: 0, priceCents: 100, serviceTypeIds: [serviceTypeId] }),
    expect: byRole({ admin: 400 }),
  },
  {
    method: 'PUT',
    route: '/api/billing/packages/:id',
    url: () => `/api/billing/packages/${MISSING_ID}`,
    body: () => ({ name: 'Five', sessions: 5, priceCents: 100, serviceTypeIds: [serviceTypeId] }),
    expect: byRole({ admin: 404 }),
  },
  {
    method: 'DELETE',
    route: '/api/billing/packages/:id',
    url: () => `/api/billing/packages/${MISSING_ID}`,
    expect: byRole({ admin: 404 }),
  },
  {
    // A patient reads their own packages; a practitioner their patients'; the desk anyone's.
    method: 'GET',
    route: '/api/billing/patient-packages',
    url: (target) => `/api/billing/patient-packages?patientId=${patientIds[target ?? 'missing']}`,
    expect: byRole({
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: reached(200),
      admin: reached(200),
    }),
  },
  {
    // Asked last: removing a card again answers as the first time.
    method: 'DELETE',
    route: '/api/billing/cards/:cardId',
    url: (target) => `/api/billing/cards/${cardIds[target ?? 'missing']}`,
    expect: byRole({ patient: ownOnly(200), staff: reached(200), admin: reached(200) }),
  },
];

const cases = matrixCases(MATRIX);

describe('billing routes access matrix', () => {
  it('covers every billing route the app serves', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/invoices'),
      ...servedRoutes(t.routes, '/api/billing'),
    ].sort();
    expect(served).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const body = c.row.body?.(c.target);
    const draftId = c.row.onDraft ? await freshDraft(c.target) : '';
    const response = await t.injectAs(caller, {
      method: c.row.method,
      url: c.row.url(c.target, draftId),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 200 && c.row.route.endsWith('/pdf'))
      expect(response.headers['content-type']).toBe('application/pdf');
  });
});
