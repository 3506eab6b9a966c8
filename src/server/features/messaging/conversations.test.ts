import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ConversationPage, Message } from '../../../shared/messaging';
import { users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { assign } from '../care-team/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sent(from: TestPerson, to: TestPerson, content = 'Hello') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(from.token),
    payload: { recipientId: to.id, content },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
}

const get = (who: TestPerson, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(who.token) });

describe('GET /api/messages/conversations', () => {
  it('has one row per person with the latest message and their unread count, latest first', async () => {
    const me = await createPerson(t, 'staff');
    const ann = await createPerson(t, 'staff', { firstName: 'Ann', lastName: 'Arbor' });
    const ben = await createPerson(t, 'practitioner', { firstName: 'Ben', lastName: 'Brook' });
    await sent(ann, me, 'ann 1');
    await sent(ann, me, 'ann 2');
    await sent(ben, me, 'ben 1');
    const last = await sent(me, ann, 'me to ann');

    const response = await get(me, '/api/messages/conversations');
    expect(response.statusCode).toBe(200);
    const page = response.json<ConversationPage>();
    expect(page.nextCursor).toBeNull();
    expect(
      page.items.map((item) => [item.participant.firstName, item.lastMessage.content, item.unreadCount]),
    ).toEqual([
      ['Ann', 'me to ann', 2],
      ['Ben', 'ben 1', 1],
    ]);
    expect(page.items[0].lastMessage).toEqual(last);
    expect(page.items[1].participant).toEqual({
      id: ben.id,
      firstName: 'Ben',
      lastName: 'Brook',
      role: 'practitioner',
      profileImage: null,
    });

    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/conversations/${ann.id}/read`,
      headers: bearer(me.token),
    });
    const after = (await get(me, '/api/messages/conversations')).json<ConversationPage>();
    expect(after.items.map((item) => item.unreadCount)).toEqual([0, 1]);
    // Ann sees her side: one conversation, nothing unread (my reply is hers to read).
    const annSide = (await get(ann, '/api/messages/conversations')).json<ConversationPage>();
    expect(annSide.items.map((item) => [item.participant.id, item.unreadCount])).toEqual([[me.id, 1]]);
  });

  it('pages with nextCursor until the end, without repeats or gaps', async () => {
    const me = await createPerson(t, 'staff');
    const others: TestPerson[] = [];
    for (let i = 0; i < 5; i++) {
      const other = await createPerson(t, 'staff', { firstName: `Pager${i}` });
      others.push(other);
      await sent(other, me, `from ${i}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/messages/conversations?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: ConversationPage = (await get(me, url)).json();
      seen.push(...page.items.map((item) => item.participant.firstName));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Pager4', 'Pager3', 'Pager2', 'Pager1', 'Pager0']);
  });

  it('searches the other person by first or last name, case-insensitively, wildcards taken literally', async () => {
    const me = await createPerson(t, 'staff');
    const dana = await createPerson(t, 'staff', { firstName: 'Dana', lastName: 'Scully' });
    const fox = await createPerson(t, 'staff', { firstName: 'Fox', lastName: 'Mulder' });
    const odd = await createPerson(t, 'staff', { firstName: '100%', lastName: 'Under_score' });
    for (const other of [dana, fox, odd]) await sent(other, me);
    const names = async (search: string) =>
      (await get(me, `/api/messages/conversations?search=${encodeURIComponent(search)}`))
        .json<ConversationPage>()
        .items.map((item) => item.participant.firstName)
        .sort();
    expect(await names('dana')).toEqual(['Dana']);
    expect(await names('MULD')).toEqual(['Fox']);
    expect(await names('dana scully')).toEqual(['Dana']);
    expect(await names('%')).toEqual(['100%']);
    expect(await names('_')).toEqual(['100%']);
    expect(await names('nobody')).toEqual([]);
  });

  it('refuses a cursor that is not one of the caller messages, and bad query values, with 400', async () => {
    const me = await createPerson(t, 'staff');
    const a = await createPerson(t, 'staff');
    const b = await createPerson(t, 'staff');
    const foreign = await sent(a, b);
    for (const query of [
      `cursor=${foreign.id}`,
      'cursor=00000000-0000-4000-8000-000000000000',
      'cursor=garbage',
      'limit=0',
      'limit=1000',
      `search=${'s'.repeat(101)}`,
      'sort=name',
    ]) {
      const response = await get(me, `/api/messages/conversations?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('GET /api/messages/contacts', () => {
  it('gives a patient their own practitioners and the staff and admins, never other patients or members', async () => {
    const patient = await demoPerson(t, 'patient');
    const practitioner = await demoPerson(t, 'practitioner');
    const stranger = await createPerson(t, 'practitioner');
    const otherPatient = await createPerson(t, 'patient');
    const contacts = (await get(patient, '/api/messages/contacts')).json<Contact[]>();
    const ids = contacts.map((contact) => contact.id);
    expect(ids).toContain(practitioner.id);
    expect(ids).not.toContain(stranger.id);
    expect(ids).not.toContain(otherPatient.id);
    expect(ids).not.toContain(patient.id);
    expect(new Set(contacts.map((contact) => contact.role))).toEqual(
      new Set(['practitioner', 'staff', 'admin']),
    );
  });

  it("gives a practitioner their patients, not other practitioners' patients", async () => {
    const practitioner = await createPerson(t, 'practitioner');
    const mine = await createPerson(t, 'patient');
    const notMine = await createPerson(t, 'patient');
    await assign(t.database.db, practitioner.id, mine.id);
    const ids = (await get(practitioner, '/api/messages/contacts?search=Casey'))
      .json<Contact[]>()
      .map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(notMine.id);
    const roles = (await get(practitioner, '/api/messages/contacts')).json<Contact[]>().map((c) => c.role);
    expect(roles).not.toContain('member');
  });

  it('gives members only staff and admins, leaves out inactive people, sorts by name and searches', async () => {
    const member = await demoPerson(t, 'member');
    const zed = await createPerson(t, 'staff', { firstName: 'Zed', lastName: 'Quist' });
    const gone = await createPerson(t, 'staff', { firstName: 'Zed', lastName: 'Gone' });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const contacts = (await get(member, '/api/messages/contacts')).json<Contact[]>();
    expect(new Set(contacts.map((contact) => contact.role))).toEqual(new Set(['staff', 'admin']));
    // Plain letters and digits sort alike under every collation a database may use.
    const names = contacts
      .map((contact) => [contact.firstName.toLowerCase(), contact.lastName.toLowerCase()])
      .filter((name) => /^[a-z0-9]+$/.test(name.join('')));
    expect(names.length).toBeGreaterThan(3);
    expect(names).toEqual([...names].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1])));
    const found = (await get(member, '/api/messages/contacts?search=zed')).json<Contact[]>();
    expect(found.map((contact) => contact.id)).toEqual([zed.id]);
  });

  it('answers at most 50 people', async () => {
    const admin = await demoPerson(t, 'admin');
    for (let i = 0; i < 52; i++) await createPerson(t, 'member', { firstName: 'Many' });
    const contacts = (await get(admin, '/api/messages/contacts?search=many')).json<Contact[]>();
    expect(contacts).toHaveLength(50);
  });

  it('refuses unknown query fields and overlong searches with 400', async () => {
    const staff = await demoPerson(t, 'staff');
    expect((await get(staff, '/api/messages/contacts?role=admin')).statusCode).toBe(400);
    expect((await get(staff, `/api/messages/contacts?search=${'q'.repeat(101)}`)).statusCode).toBe(400);
  });
});
