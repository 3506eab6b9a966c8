import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityEvents, eventRegistrations, orderItems, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { MARCH, marchClinic, reportOf } from './testing';

let t: TestApp;

const report = reportOf(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await marchClinic(t);
});
afterAll(() => t.close());

describe('store and events figures', () => {
  it('sums orders paid in the range with their items and best sellers, for admins only', async () => {
    const buyer = await createPerson(t, 'member');
    const address = {
      name: 'B',
      line1: '1 Road',
      line2: '',
      city: 'Town',
      region: 'R',
      postalCode: 'AB1',
      country: 'GB',
    };
    const order = (totalCents: number, status: string, paidAt: string | null) => ({
      userId: buyer.id,
      status: status as 'paid',
      currency: 'usd',
      subtotalCents: totalCents,
      taxCents: 0,
      shippingCents: 0,
      totalCents,
      shippingAddress: address as never,
      email: buyer.email,
      provider: 'test' as const,
      paymentIntentId: `pi_order${Math.random().toString(36).slice(2, 10)}`,
      paidAt: paidAt ? new Date(paidAt) : null,
    });
    const [first, second, refunded] = await t.database.db
      .insert(orders)
      .values([
        order(3_000, 'shipped', '2031-03-05T10:00:00Z'),
        order(4_500, 'paid', '2031-03-06T10:00:00Z'),
        order(1_500, 'refunded', '2031-03-07T10:00:00Z'),
        order(9_999, 'pending', null),
        order(2_000, 'paid', '2031-04-02T10:00:00Z'),
      ])
      .returning();
    const line = (orderId: string, productName: string, quantity: number, unitPriceCents: number) => ({
      orderId,
      productName,
      quantity,
      unitPriceCents,
      lineTotalCents: quantity * unitPriceCents,
    });
    await t.database.db
      .insert(orderItems)
      .values([
        line(first.id, 'Clinic mug', 2, 1_500),
        line(second.id, 'Clinic mug', 1, 1_500),
        line(second.id, 'Water bottle', 1, 3_000),
        line(refunded.id, 'Resistance bands', 1, 1_500),
      ]);
    await report.refused('staff', 'store', MARCH);
    const store = await report('admin', 'store', MARCH);
    expect(store).toMatchObject({ orders: 3, itemsSold: 5, salesCents: 9_000, refundedCents: 1_500 });
    expect(store.topProducts[0]).toEqual({ name: 'Clinic mug', quantity: 3, salesCents: 4_500 });
    expect(store.series.find((entry) => entry.bucket === '2031-03-06')).toEqual({
      bucket: '2031-03-06',
      orders: 1,
      salesCents: 4_500,
    });
  });

  it('counts each event of the range with its registrations, waitlist and check-ins, cancelled events left out', async () => {
    const members = await Promise.all([1, 2, 3].map(() => createPerson(t, 'member')));
    const event = (title: string, startsAt: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
      title,
      startsAt: new Date(startsAt),
      endsAt: new Date(Date.parse(startsAt) + 3_600_000),
      place: 'Clinic garden',
      capacity: 2,
      status,
    });
    const [walk] = await t.database.db
      .insert(communityEvents)
      .values([
        event('Spring walk', '2031-03-15T10:00:00Z'),
        event('Called off', '2031-03-16T10:00:00Z', 'cancelled'),
        event('April talk', '2031-04-15T10:00:00Z'),
      ])
      .returning();
    await t.database.db.insert(eventRegistrations).values([
      {
        eventId: walk.id,
        userId: members[0].id,
        status: 'registered',
        checkedInAt: new Date('2031-03-15T10:05:00Z'),
        amountCents: 1_000,
        paidAt: new Date('2031-03-01T10:00:00Z'),
      },
      { eventId: walk.id, userId: members[1].id, status: 'registered' },
      { eventId: walk.id, userId: members[2].id, status: 'waitlisted' },
    ]);
    await report.refused('staff', 'events', MARCH);
    const figures = await report('admin', 'events', MARCH);
    expect(figures).toMatchObject({
      events: 1,
      registered: 2,
      waitlisted: 1,
      checkedIn: 1,
      takingsCents: 1_000,
    });
    expect(figures.rows).toEqual([
      {
        eventId: walk.id,
        title: 'Spring walk',
        startsAt: '2031-03-15T10:00:00.000Z',
        capacity: 2,
        registered: 2,
        waitlisted: 1,
        checkedIn: 1,
      },
    ]);
  });
});
