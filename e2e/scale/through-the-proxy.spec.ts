import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { addDays, format, nextMonday } from 'date-fns';
import pg from 'pg';
import type { InvoiceAnswer } from '../../src/shared/billing';
import type { Message } from '../../src/shared/messaging';
import { DEMO_PASSWORD, demoAccount } from '../support/accounts';
import { chooseFromCombobox } from '../support/combobox';
import {
  expect,
  listening,
  openSignedIn,
  signInThroughForm,
  socketLogOf,
  test,
  watchSockets,
} from '../support/fixtures';
import { toastOn } from '../support/live';
import { SCALE_PROXY_URL } from '../support/ports';
import { killInstance, restartInstance, type ScaleState, scaleState } from '../support/scale-control';

/**
 * The clinic as a deployment runs it: three instances on one PostgreSQL and one Redis behind the round-robin
 * proxy of scripts/round-robin-proxy.ts (e2e/support/scale-server.ts). Every browser and call here goes
 * through the proxy, with no stickiness, so consecutive requests of one page land on different instances.
 */

type Role = 'patient' | 'practitioner' | 'staff' | 'admin';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signIn(role: Role): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${SCALE_PROXY_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccount(role).email, password: DEMO_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { token: string; user: { id: string } };
  return { token: answer.token, userId: answer.user.id };
}

async function postJson(path: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${SCALE_PROXY_URL}${path}`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A patient of the journey's own, registered through the proxy: the demo patient stays as the two-instance
 * journey expects to find them (no unread notifications) in the database both share.
 */
async function newPatient(): Promise<{
  email: string;
  password: string;
  token: string;
  userId: string;
  name: string;
}> {
  const firstName = `Prox${randomUUID().slice(0, 6).replace(/\d/g, 'y')}`;
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Throwaway!2026';
  const response = await fetch(`${SCALE_PROXY_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firstName, lastName: 'Tester', role: 'patient' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const answer = (await response.json()) as { token: string; user: { id: string } };
  return { email, password, token: answer.token, userId: answer.user.id, name: `${firstName} Tester` };
}

/** A person who signs in through the form, in a browser of their own pointed at the proxy. */
async function signedInBrowser(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: SCALE_PROXY_URL });
  await watchSockets(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const requestsPerInstance = (before: ScaleState, after: ScaleState) =>
  after.proxy.map((instance, index) => instance.requests - before.proxy[index].requests);

test('signing in, messaging, booking and paying through the proxy is served by all three instances', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const before = await scaleState();
  const pat = await newPatient();
  const patient = await signedInBrowser(browser, pat.email, pat.password);
  const desk = await signedInBrowser(browser, demoAccount('staff').email, DEMO_PASSWORD);
  try {
    // A message from the desk reaches the patient live, whichever instances hold the two browsers' sockets.
    await listening(patient, 'messaging');
    await desk.goto(`/messages?with=${pat.userId}`);
    const composer = desk.getByLabel(`Message to ${pat.name}`);
    const content = `Through the proxy ${Date.now()}`;
    await composer.fill(content);
    await composer.press('Enter');
    await expect(desk.getByRole('log').getByRole('listitem').filter({ hasText: content })).toContainText(
      /Delivered|Read/,
    );
    await expect(toastOn(patient)).toContainText('Sam Ortiz sent you a new message');

    // The desk books the patient a follow-up with Riley on a Tuesday far enough ahead to be free.
    const day = addDays(nextMonday(new Date()), 7 * (10 + Math.floor(Math.random() * 50)) + 1);
    await desk.goto('/appointments');
    await desk.getByRole('button', { name: 'New appointment' }).click();
    const dialog = desk.getByRole('dialog', { name: 'New appointment' });
    await chooseFromCombobox(dialog, { label: 'Patient', search: pat.name.split(' ')[0], option: pat.name });
    await chooseFromCombobox(dialog, { label: 'Practitioner', option: 'Riley Chen' });
    await chooseFromCombobox(dialog, { label: 'Service', option: 'Follow-up (30 min)' });
    await dialog.getByLabel('Day').fill(format(day, 'yyyy-MM-dd'));
    await dialog.getByLabel('Time').selectOption('10:00');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastOn(desk).filter({ hasText: 'Appointment booked' })).toBeVisible();

    // The desk sends an invoice; the patient pays it by card.
    const staff = await signIn('staff');
    const created = await postJson('/api/invoices', staff.token, {
      patientId: pat.userId,
      lineItems: [{ description: 'Exercise programme', quantity: 1, unitPriceCents: 4500 }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { invoice } = (await created.json()) as InvoiceAnswer;
    const sent = await postJson(`/api/invoices/${invoice.id}/send`, staff.token, {});
    expect(sent.status, await sent.clone().text()).toBe(200);
    const number = ((await sent.json()) as InvoiceAnswer).invoice.number as string;

    await patient.goto(`/billing?invoice=${invoice.id}`);
    const panel = patient.getByRole('dialog', { name: `Invoice ${number}` });
    await panel.getByRole('button', { name: 'Pay now' }).click();
    const card = patient.getByRole('dialog', { name: 'Pay by card' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay $45.00' }).click();
    await expect(toastOn(patient).filter({ hasText: 'Payment received' })).toBeVisible();
    await expect(panel.getByRole('table', { name: `Payments of ${number}` })).toContainText(
      'Card online •••• 4242',
    );
  } finally {
    await patient.context().close();
    await desk.context().close();
  }

  const served = requestsPerInstance(before, await scaleState());
  test.info().annotations.push({ type: 'requests per instance', description: served.join(', ') });
  for (const count of served) expect(count).toBeGreaterThan(0);
});

const messagingSocketOf = async (userId: string) =>
  (await scaleState()).sockets.find((socket) => socket.userId === userId && socket.channel === 'messaging')
    ?.instance;

test('an instance killed mid-stream loses no answered write, and the browser it held hears the next message through another', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const pat = await newPatient();
  const alex = await signIn('admin');
  const sam = await signIn('staff');
  const context = await browser.newContext({ baseURL: SCALE_PROXY_URL });
  await watchSockets(context);
  const page = await context.newPage();
  await openSignedIn(page, pat.token, '/');
  const home = { page, close: () => context.close() };
  let victim = -1;
  try {
    await expect(home.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => messagingSocketOf(pat.userId), { timeout: 45_000 }).toBeDefined();
    victim = (await messagingSocketOf(pat.userId)) as number;

    // Four writers post messages through the proxy; once 30 are answered, the instance holding the
    // patient's socket is killed with SIGKILL while the writers go on.
    const total = 120;
    const answers: { status: number; id?: string; afterKill: boolean }[] = [];
    let issued = 0;
    let killed: Promise<unknown> | null = null;
    const writer = async () => {
      while (issued < total) {
        issued += 1;
        const afterKill = killed !== null;
        const response = await postJson('/api/messages', alex.token, {
          recipientId: sam.userId,
          content: `Write ${issued} of the stream`,
        });
        const id = response.status === 201 ? ((await response.json()) as Message).id : undefined;
        answers.push({ status: response.status, id, afterKill });
        if (!killed && answers.length >= 30) killed = killInstance(victim);
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await killed;

    const answered = answers.filter((answer) => answer.id);
    const refused = answers.filter((answer) => !answer.id);
    test.info().annotations.push({
      type: 'writes',
      description: `${answered.length} answered 201, ${refused.length} answered ${[...new Set(refused.map((a) => a.status))].join('/') || '-'}`,
    });
    // A write caught inside the dying instance gets the proxy's 502; nothing else may fail.
    for (const answer of refused) expect(answer.status).toBe(502);
    expect(answered.filter((answer) => answer.afterKill).length).toBeGreaterThan(30);

    const database = new pg.Client({ connectionString: (await scaleState()).databaseUrl });
    await database.connect();
    try {
      const ids = answered.map((answer) => answer.id as string);
      const found = await database.query('select id::text from messages where id::text = any($1::text[])', [
        ids,
      ]);
      expect(found.rowCount).toBe(ids.length);
    } finally {
      await database.end();
    }

    // The browser's socket went down with the instance; it reconnects through the proxy to another one.
    const isOnAnother = async () => {
      const instance = await messagingSocketOf(pat.userId);
      return instance !== undefined && instance !== victim;
    };
    // Should none come, the failure says what the page's sockets and the proxy went through.
    await expect
      .poll(isOnAnother, { timeout: 60_000 })
      .toBe(true)
      .catch(async (error: Error) => {
        const state = await scaleState();
        const held = state.sockets.filter((socket) => socket.userId === pat.userId);
        throw new Error(
          [
            error.message,
            `Instance killed: ${victim}. The patient's sockets now: ${JSON.stringify(held)}`,
            `Proxy: ${JSON.stringify(state.proxy)}`,
            `The page's sockets:\n${(await socketLogOf(home.page)).join('\n')}`,
          ].join('\n'),
        );
      });
    const content = `After the kill ${Date.now()}`;
    const reply = await postJson('/api/messages', sam.token, { recipientId: pat.userId, content });
    expect(reply.status, await reply.clone().text()).toBe(201);
    await expect(toastOn(home.page)).toContainText('Sam Ortiz sent you a new message');
  } finally {
    await home.close();
    // The two-instance journey may come next and needs every instance.
    if (victim >= 0) await restartInstance(victim);
  }
});
