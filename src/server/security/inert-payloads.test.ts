import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOneLine } from '../../shared/one-line';
import type { Role } from '../../shared/roles';
import { users } from '../db/schema';
import { book, careTeam, expectStatus, slotAt } from '../features/appointments/testing';
import { createTestApp, type TestApp } from '../test/app';
import { snapshotTables } from './table-snapshot';

/**
 * Text that would be code somewhere (SQL, HTML, script, markdown links, bidirectional and invisible controls)
 * is data here: written through the API into the clinic's free-text fields and read back through the API
 * byte for byte, with every table still there. Names, titles and address lines are one line: there, text
 * with control characters, line breaks or bidirectional overrides is refused and nothing is stored. The
 * calendar feed writes names as escaped, folded iCal text. The web app renders all of it as React text: no
 * file of it injects HTML or renders markdown, which the last cases check.
 */
const PAYLOADS = [
  "'; drop table users; --",
  "' or 1=1 --",
  'Robert"); DELETE FROM patients; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1)) ![y](javascript:alert(2))',
  'javascript:alert(document.cookie)',
  '{{constructor.constructor("alert(1)")()}} \u0024{7*7} <%= 7*7 %>',
  'left\u202eright\u2066iso\u2069 zero\u200bwidth bell\u0007 tab\tend',
  'emoji 👩‍⚕️ and combining e\u0301',
];

const WEB = join(import.meta.dirname, '../../web');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

type FreeTextField = {
  name: string;
  /** Names, titles and address lines, which refuse what is not one line. */
  isOneLine?: boolean;
  write(text: string): Promise<{ role: Role; url: string }>;
  read(body: unknown): unknown;
};

/** Refused writes store nothing; reads are audited and sessions touched, so those two are left out. */
const SNAPSHOT = { countOnly: ['sessions'], skip: ['activity_log'] };

let t: TestApp;
const userIds = new Map<Role, string>();
let patientRecordId: string;

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly fields: Record<string, string> | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function ok(role: Role, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const response = await t.injectAs(role, { method, url, payload });
  if (response.statusCode >= 300) {
    const fields = response.statusCode === 400 ? response.json().fields : undefined;
    throw new Refused(
      response.statusCode,
      fields,
      `${method} ${url} answered ${response.statusCode}: ${response.body}`,
    );
  }
  return response.json();
}

const inDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();
let serial = 0;
let latestServiceId = '';
const unique = () => `${Date.now().toString(36)}-${++serial}`;

const FIELDS: FreeTextField[] = [
  {
    name: 'a message',
    async write(content) {
      await ok('practitioner', 'POST', '/api/messages', { recipientId: userIds.get('patient'), content });
      return { role: 'patient', url: `/api/messages?with=${userIds.get('practitioner')}&limit=1` };
    },
    read: (body) => (body as Array<{ content: string }>)[0].content,
  },
  {
    name: 'a recovery note',
    async write(text) {
      const note = await ok('practitioner', 'POST', '/api/recovery-notes', {
        patientId: patientRecordId,
        subjective: text,
        objective: text,
        assessment: text,
        plan: text,
      });
      return { role: 'practitioner', url: `/api/recovery-notes/${note.id}` };
    },
    read: (body) => {
      const note = body as Record<string, string>;
      return [note.subjective, note.objective, note.assessment, note.plan];
    },
  },
  {
    name: 'a profile name',
    isOneLine: true,
    async write(text) {
      await ok('member', 'PUT', '/api/profile', { firstName: text, lastName: text });
      return { role: 'member', url: '/api/auth/me' };
    },
    read: (body) => {
      const me = body as { user?: Record<string, string> } & Record<string, string>;
      const user = me.user ?? me;
      return [user.firstName, user.lastName];
    },
  },
  {
    name: 'a patient record',
    isOneLine: true,
    async write(text) {
      await ok('staff', 'PATCH', `/api/patients/${patientRecordId}`, {
        firstName: text,
        lastName: text,
        city: text,
        emergencyContactName: text,
      });
      return { role: 'staff', url: `/api/patients/${patientRecordId}` };
    },
    read: (body) => {
      const patient = body as Record<string, string>;
      return [patient.firstName, patient.lastName, patient.city, patient.emergencyContactName];
    },
  },
  ...(['details', 'title'] as const).map(
    (field): FreeTextField => ({
      name: `a quote request's ${field}`,
      isOneLine: field === 'title',
      async write(text) {
        const quote = await ok('member', 'POST', '/api/quotes', {
          kind: 'custom_merchandise',
          title: 'Inert quote',
          details: 'Inert details',
          [field]: text,
        });
        return { role: 'member', url: `/api/quotes/${quote.quote.id}` };
      },
      read: (body) => (body as { quote: Record<string, string> }).quote[field],
    }),
  ),
  ...([['description'], ['title', 'place']] as const).map(
    (fields): FreeTextField => ({
      name: `an event's ${fields.join(' and ')}`,
      isOneLine: fields[0] !== 'description',
      async write(text) {
        const event = await ok('admin', 'POST', '/api/events', {
          title: 'Inert walk',
          place: 'Inert park',
          ...Object.fromEntries(fields.map((field) => [field, text])),
          startsAt: inDays(10),
          endsAt: inDays(10, 2),
          capacity: 5,
          priceCents: 0,
        });
        return { role: 'admin', url: `/api/events/${event.event.id}` };
      },
      read: (body) => fields.map((field) => (body as { event: Record<string, string> }).event[field]),
    }),
  ),
  ...(['description', 'name'] as const).map(
    (field): FreeTextField => ({
      name: `a product's ${field}`,
      isOneLine: field === 'name',
      async write(text) {
        const product = await ok('admin', 'POST', '/api/products', {
          name: 'Inert cap',
          [field]: text,
          category: 'apparel',
          variants: [{ sku: `inert-${unique()}`, size: 'M', priceCents: 1500, stock: 3 }],
        });
        return { role: 'admin', url: `/api/products/${product.product.id}` };
      },
      read: (body) => (body as { product: Record<string, string> }).product[field],
    }),
  ),
  {
    name: 'a service name',
    isOneLine: true,
    async write(text) {
      const service = await ok('admin', 'POST', '/api/service-types', {
        name: text,
        durationMinutes: 30,
        priceCents: 0,
        colour: '#2563eb',
      });
      latestServiceId = service.id;
      return { role: 'admin', url: '/api/service-types?include=all' };
    },
    read: (body) =>
      (body as Array<Record<string, string>>).find((service) => service.id === latestServiceId)?.name,
  },
];

/** What a one-line field refuses: line breaks of every kind, other control characters and bidi overrides. */
const NOT_ONE_LINE = [
  'Eve\r\nATTENDEE:mailto:evil@example.test',
  'Eve\nEND:VEVENT\nBEGIN:VEVENT',
  'Eve\rSUMMARY:forged',
  'bell\u0007 and next line\u0085',
  'left\u202eright',
];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['patient', 'practitioner', 'member'] as const) {
    const me = await ok(role, 'GET', '/api/auth/me');
    userIds.set(role, (me.user ?? me).id);
  }
  const patients = await ok('practitioner', 'GET', '/api/patients');
  patientRecordId = (patients.items ?? patients)[0].id;
});
afterAll(() => t.close());

describe('script and injection payloads in free text', () => {
  it.each(FIELDS)('come back from $name exactly as written', async (field) => {
    for (const text of PAYLOADS.filter((payload) => !field.isOneLine || isOneLine(payload))) {
      const { role, url } = await field.write(text);
      const response = await t.injectAs(role, { method: 'GET', url });
      expect(response.statusCode, `${field.name}: ${url}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const read = [field.read(response.json())].flat();
      for (const value of read) expect(value, `${field.name} with ${JSON.stringify(text)}`).toBe(text);
    }
  });

  it.each(FIELDS.filter((field) => field.isOneLine))(
    'are refused in $name when not one line, and nothing is stored',
    async (field) => {
      const before = await snapshotTables(t.database.db, SNAPSHOT);
      for (const text of [...NOT_ONE_LINE, ...PAYLOADS.filter((payload) => !isOneLine(payload))]) {
        const refused = await field.write(text).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused, `${field.name} with ${JSON.stringify(text)}`).toBeInstanceOf(Refused);
        expect(refused).toMatchObject({ status: 400 });
        expect(Object.values((refused as Refused).fields ?? {}).join()).toMatch(/must be one line/);
      }
      expect(await snapshotTables(t.database.db, SNAPSHOT)).toEqual(before);
    },
  );

  it('go into the calendar feed as escaped, folded iCal text that starts no property or event', async () => {
    const { practitioner, patient } = await careTeam(t);
    // Stored before names had to be one line: the feed must still keep it inside its SUMMARY.
    const forgedName = 'Eve\r\nATTENDEE:mailto:evil@example.test\r\nEND:VEVENT\r\nBEGIN:VEVENT\rUID:forged';
    await t.database.db.update(users).set({ firstName: forgedName }).where(eq(users.id, practitioner.id));
    const names = [
      ...PAYLOADS.filter(isOneLine).map((text) => `${text.slice(0, 80)} ${unique()}`),
      'Knees; hips, backs \\ and shoulders, all of them; with a value long enough to need folding',
      `Ünïcödé ${'é'.repeat(60)} 👩‍⚕️`,
    ];
    for (const name of names) {
      const service = await ok('admin', 'POST', '/api/service-types', {
        name,
        durationMinutes: 60,
        priceCents: 0,
        colour: '#2563eb',
      });
      await book(t, 'staff', {
        patientId: patient.id,
        practitionerId: practitioner.id,
        serviceTypeId: service.id,
        ...slotAt(),
      });
    }
    const feed = await expectStatus<{ url: string }>(t, patient, {
      method: 'POST',
      url: '/api/calendar-feed',
      status: 201,
    });
    const body = (await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname })).body;

    expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = body.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(names.length);
    expect(lines.filter((line) => /^(ATTENDEE|UID:forged)/.test(line))).toEqual([]);
    const icalText = (text: string) =>
      text
        .replaceAll('\r', '')
        .replace(/[\\;,]/g, '\\$&')
        .replaceAll('\n', '\\n');
    const summaries = body
      .replaceAll('\r\n ', '')
      .split('\r\n')
      .filter((line) => line.startsWith('SUMMARY:'));
    expect(summaries.sort()).toEqual(
      names
        .map((name) => `SUMMARY:${icalText(`${name} with ${forgedName} ${practitioner.lastName}`)}`)
        .sort(),
    );
  });

  it('leave every table in place and the sign-in working', async () => {
    const tables = Object.keys(await snapshotTables(t.database.db, { countOnly: ['activity_log'] }));
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'patients', 'messages', 'recovery_notes', 'sessions']),
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: "' or 1=1 --", password: "' or 1=1 --" },
    });
    expect(login.statusCode).toBe(400);
    const me = await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a script address wherever a link or picture address is stored', async () => {
    for (const address of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      for (const field of ['onlineUrl', 'imageUrl']) {
        const response = await t.injectAs('admin', {
          method: 'POST',
          url: '/api/events',
          payload: {
            title: 'Walk',
            place: 'Park',
            startsAt: inDays(3),
            endsAt: inDays(3, 1),
            capacity: 5,
            [field]: address,
          },
        });
        expect(response.statusCode, `${field} ${address}`).toBe(400);
      }
      const product = await t.injectAs('admin', {
        method: 'POST',
        url: '/api/products',
        payload: {
          name: 'Cap',
          category: 'apparel',
          imageUrl: address,
          variants: [{ sku: `inert-${unique()}`, size: 'M', priceCents: 1500, stock: 3 }],
        },
      });
      expect(product.statusCode, `product image ${address}`).toBe(400);
    }
  });

  it('are shown by the web app as text: nothing in it turns data into HTML', () => {
    const raw =
      /dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML|document\.write|from ['"](react-markdown|marked|markdown-it|remark|rehype-raw)/;
    const offenders = sourceFiles(WEB).filter((file) => raw.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('refuses, never stores altered and never fails on, text PostgreSQL cannot hold', async () => {
    for (const text of ['nul\u0000byte', 'lone \ud800 surrogate']) {
      const response = await t.injectAs('practitioner', {
        method: 'POST',
        url: '/api/messages',
        payload: { recipientId: userIds.get('patient'), content: text },
      });
      expect(response.statusCode, JSON.stringify(text)).toBeLessThan(500);
      if (response.statusCode === 201) expect(response.json().content).toBe(text);
      else expect(response.statusCode).toBe(400);
    }
  });
});
