import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles';
import { createTestApp, type TestApp } from '../test/app';
import { snapshotTables } from './table-snapshot';

/**
 * Text that would be code somewhere (SQL, HTML, script, markdown links, bidirectional and invisible controls)
 * is data here: written through the API into the clinic's free-text fields and read back through the API
 * byte for byte, with every table still there. The web app renders all of it as React text: no file of it
 * injects HTML or renders markdown, which the last cases check.
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
  write(text: string): Promise<{ role: Role; url: string }>;
  read(body: unknown): unknown;
};

let t: TestApp;
const userIds = new Map<Role, string>();
let patientRecordId: string;

async function ok(role: Role, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const response = await t.injectAs(role, { method, url, payload });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const inDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();
let serial = 0;
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
  {
    name: 'a quote request',
    async write(text) {
      const quote = await ok('member', 'POST', '/api/quotes', {
        kind: 'custom_merchandise',
        title: text,
        details: text,
      });
      return { role: 'member', url: `/api/quotes/${quote.quote.id}` };
    },
    read: (body) => {
      const { quote } = body as { quote: Record<string, string> };
      return [quote.title, quote.details];
    },
  },
  {
    name: 'an event',
    async write(text) {
      const event = await ok('admin', 'POST', '/api/events', {
        title: text,
        description: text,
        place: text,
        startsAt: inDays(10),
        endsAt: inDays(10, 2),
        capacity: 5,
        priceCents: 0,
      });
      return { role: 'admin', url: `/api/events/${event.event.id}` };
    },
    read: (body) => {
      const { event } = body as { event: Record<string, string> };
      return [event.title, event.description, event.place];
    },
  },
  {
    name: 'a product',
    async write(text) {
      const product = await ok('admin', 'POST', '/api/products', {
        name: text,
        description: text,
        category: 'apparel',
        variants: [{ sku: `inert-${unique()}`, size: 'M', priceCents: 1500, stock: 3 }],
      });
      return { role: 'admin', url: `/api/products/${product.product.id}` };
    },
    read: (body) => {
      const { product } = body as { product: Record<string, string> };
      return [product.name, product.description];
    },
  },
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
    for (const text of PAYLOADS) {
      const { role, url } = await field.write(text);
      const response = await t.injectAs(role, { method: 'GET', url });
      expect(response.statusCode, `${field.name}: ${url}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const read = [field.read(response.json())].flat();
      for (const value of read) expect(value, `${field.name} with ${JSON.stringify(text)}`).toBe(text);
    }
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
