import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthResponse } from '../../src/shared/auth';
import type { Dashboard } from '../../src/shared/dashboard';
import type { RecoveryNote } from '../../src/shared/recovery-notes';
import { CLINIC_TIME_ZONE, type ServiceType } from '../../src/shared/scheduling';
import { seriousViolations } from '../support/axe';
import { bookAtAFreeTime } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

/**
 * Each role's dashboard with real figures, live updates across two browsers, and the patient portal's
 * 'Who opened my record'. Other journeys (and the growing demo clinic) change the global counts, so these
 * assert on what they create and on the demo patient and practitioner.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  data?: unknown,
) {
  const response = await request[method](url, { headers: auth(token), data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A draft by the demo practitioner for the demo patient, signed unless told. */
async function noteForDemoPatient(request: APIRequestContext, options: { sign: boolean; share?: boolean }) {
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await demoLogin(request, 'patient');
  const note = await call<RecoveryNote>(request, practitioner.token, 'post', '/api/recovery-notes', {
    patientId: patient.user.id,
    subjective: `Dashboard journey ${randomUUID().slice(0, 8)}`,
    painScore: 3,
    goals: [{ goal: 'Walk to the shops', progress: 80 }],
  });
  if (options.sign) await call(request, practitioner.token, 'post', `/api/recovery-notes/${note.id}/sign`);
  if (options.share) await call(request, practitioner.token, 'post', `/api/recovery-notes/${note.id}/share`);
  return note;
}

const card = (page: Page, name: string) => page.getByRole('region', { name });
/** A note's UTC day as the British English browser of the tests writes it: '9 Mar 2026'. */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

test('the patient sees their shared notes, progress chart with its table, onboarding and counts', async ({
  page,
  request,
  loginAs,
}) => {
  const note = await noteForDemoPatient(request, { sign: true, share: true });
  await loginAs('patient');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Health Overview');
  const notes = card(page, 'Recent notes from your care team');
  await expect(
    notes.getByRole('link', { name: `Note of ${dayOf(note.createdAt)} by Riley Chen` }).first(),
  ).toBeVisible();
  await expect(notes.locator(`a[href="/recovery-notes/${note.id}"]`)).toBeVisible();
  const progress = card(page, 'Recovery progress');
  await expect(
    progress.getByRole('img', { name: /^Recovery progress chart\. Pain score from \d+ to 3 out of 10/ }),
  ).toBeVisible();
  await expect(progress.locator('svg.recharts-surface').first()).toBeVisible();
  await progress.getByRole('button', { name: 'Show the figures as a table' }).click();
  // The demo clinic has care between visits on, so the card also holds the outcome measures' table.
  const figuresTable = progress.getByRole('table', { name: /^Recovery progress:/ });
  await expect(figuresTable.getByRole('row').last()).toContainText('Walk to the shops: 80%');
  await expect(card(page, 'Onboarding')).toContainText(/steps done|onboarding is complete/);
  const { token } = await demoLogin(request, 'patient');
  const figures = await call<Dashboard>(request, token, 'get', '/api/dashboard');
  expect(figures.kind).toBe('patient');
  await expect(card(page, 'Messages')).toContainText(/\d+unread messages?/);
  expect(await seriousViolations(page), 'patient dashboard').toEqual([]);
});

test('the practitioner sees their new draft waiting for signature and their patients', async ({
  page,
  request,
  loginAs,
}) => {
  const draft = await noteForDemoPatient(request, { sign: false });
  await loginAs('practitioner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Practitioner Dashboard');
  const drafts = card(page, 'Notes waiting for signature');
  await expect(drafts).toContainText(/[1-9]\d*drafts? to sign/);
  await expect(drafts.locator(`a[href="/recovery-notes/${draft.id}"]`)).toHaveAccessibleName(
    'Draft for Pat Morgan',
  );
  await expect(card(page, 'My patients')).toContainText(/[1-9]\d*patients? in your care/);
  const recent = card(page, 'Patients with recent notes');
  const patient = await demoLogin(request, 'patient');
  await expect(recent.locator(`a[href="/clients?patient=${patient.user.id}"]`)).toHaveText('Pat Morgan');
  expect(await seriousViolations(page), 'practitioner dashboard').toEqual([]);

  await drafts.locator(`a[href="/recovery-notes/${draft.id}"]`).click();
  await expect(page).toHaveURL(`/recovery-notes/${draft.id}`);
});

test('staff see a patient they add among the new patients, and the active patients', async ({
  page,
  request,
  loginAs,
}) => {
  const staff = await demoLogin(request, 'staff');
  const lastName = `Newcomer${randomUUID().slice(0, 6)}`;
  const created = await call<{ id: string }>(request, staff.token, 'post', '/api/patients', {
    firstName: 'Dana',
    lastName,
    email: `${lastName.toLowerCase()}@example.test`,
  });
  await loginAs('staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clinic Dashboard');
  const newPatients = card(page, 'New patients');
  await expect(newPatients).toContainText(/[1-9]\d*new patients? in the last 30 days/);
  await expect(newPatients.getByRole('link', { name: `Dana ${lastName}` })).toHaveAttribute(
    'href',
    `/clients?patient=${created.id}`,
  );
  await expect(card(page, 'Active patients')).toContainText(/[1-9]\d*active patients?/);
  await expect(card(page, 'Notes signed this week')).toContainText(/\d+notes? signed since Monday/);
  expect(await seriousViolations(page), 'general dashboard').toEqual([]);
});

test('the member sees their unread messages and the Donate call to action', async ({ page, loginAs }) => {
  await loginAs('member');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member Dashboard');
  await expect(card(page, 'Messages')).toContainText(/\d+unread messages?/);
  const support = card(page, 'Support the clinic');
  await support.getByRole('button', { name: 'Donate' }).click();
  await expect(page.getByRole('dialog', { name: 'Donate' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page), 'member dashboard').toEqual([]);
});

test('the patient’s open dashboard shows a note the practitioner shares in another browser, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const note = await noteForDemoPatient(request, { sign: true });
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await demoLogin(request, 'patient');
  const b = await personAt(browser, patient.token, '/');
  const a = await personAt(browser, practitioner.token, `/recovery-notes/${note.id}`);
  try {
    const shared = card(b.page, 'Recent notes from your care team').locator(
      `a[href="/recovery-notes/${note.id}"]`,
    );
    await expect(card(b.page, 'Recent notes from your care team')).toBeVisible();
    await expect(shared).toHaveCount(0);
    let reloaded = false;
    b.page.on('load', () => {
      reloaded = true;
    });
    await a.page.getByRole('button', { name: 'Share with patient' }).click();
    await expect(a.page.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
    await expect(shared).toBeVisible();
    expect(reloaded).toBe(false);
  } finally {
    await a.close();
    await b.close();
  }
});

test('the patient sees on /patient-portal that staff opened their record', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staff = await demoLogin(request, 'staff');
  const patient = await demoLogin(request, 'patient');
  const s = await personAt(browser, staff.token, `/clients?patient=${patient.user.id}`);
  try {
    await expect(s.page.getByRole('dialog', { name: /Pat Morgan/ })).toBeVisible();
  } finally {
    await s.close();
  }
  const p = await personAt(browser, patient.token, '/patient-portal');
  try {
    await expect(p.page.getByRole('heading', { level: 1 })).toHaveText('Patient Portal');
    const who = card(p.page, 'Who opened my record');
    const table = who.getByRole('table', { name: /^Who opened your record/ });
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'Sam Ortiz (Staff)' })
        .filter({ hasText: 'Opened the record' })
        .first(),
    ).toBeVisible();
    for (const name of [
      'Next appointment',
      'Onboarding',
      'Recent notes from your care team',
      'Messages',
      'Recovery progress',
    ])
      await expect(card(p.page, name)).toBeVisible();
    expect(await seriousViolations(p.page), 'patient portal').toEqual([]);
  } finally {
    await p.close();
  }
});

/** A patient of their own, signed up through the API, so the appointment booked here is their next one. */
async function signUpPatient(request: APIRequestContext) {
  const lastName = `Booked${randomUUID().slice(0, 6)}`;
  const response = await request.post('/api/auth/register', {
    data: {
      firstName: 'Jo',
      lastName,
      email: `${lastName.toLowerCase()}@example.test`,
      password: 'correct-horse-1',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as AuthResponse), name: `Jo ${lastName}` };
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * Staff book a quarter of an hour later today (the clinic's day) with the demo practitioner, at a free time:
 * the demo diary and other journeys fill some of their day, so a taken time (409) is tried again elsewhere.
 */
async function bookLaterToday(request: APIRequestContext, staffToken: string, patientId: string) {
  const practitioner = await demoLogin(request, 'practitioner');
  const services = await call<ServiceType[]>(request, staffToken, 'get', '/api/service-types');
  const service = services.find((candidate) => candidate.active)!;
  const midnight = nextClinicMidnight();
  const earliest = Math.ceil((Date.now() + 2 * FIVE_MINUTES) / FIVE_MINUTES) * FIVE_MINUTES;
  const choices = Math.floor((midnight - 4 * FIVE_MINUTES - earliest) / FIVE_MINUTES);
  expect(choices, 'a quarter of an hour is left of the clinic’s day').toBeGreaterThan(0);
  const appointment = await bookAtAFreeTime(
    request,
    staffToken,
    { patientId, practitionerId: practitioner.user.id, serviceTypeId: service.id },
    () => {
      const start = earliest + Math.floor(Math.random() * choices) * FIVE_MINUTES;
      return { startsAt: new Date(start), endsAt: new Date(start + 3 * FIVE_MINUTES) };
    },
    30,
  );
  return { appointment, service };
}

/** When the clinic's day ends: the next midnight in its time zone. */
function nextClinicMidnight() {
  const local = new TZDate(Date.now(), CLINIC_TIME_ZONE);
  return new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, CLINIC_TIME_ZONE).getTime();
}

/**
 * The journey books a quarter of an hour later today, so it needs the clinic's day to have most of an hour
 * left; run in the last 40 minutes of a day, it waits for the next day to begin instead of failing.
 */
function waitForRoomInTheClinicDay() {
  const left = nextClinicMidnight() - Date.now();
  return left > 40 * 60_000 ? 0 : left + 60_000;
}

test('an appointment staff book for today appears on the open dashboards of the patient, the practitioner and staff, without a reload', async ({
  browser,
  request,
}) => {
  const wait = waitForRoomInTheClinicDay();
  test.setTimeout(180_000 + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
  const patient = await signUpPatient(request);
  const practitioner = await demoLogin(request, 'practitioner');
  const staff = await demoLogin(request, 'staff');
  const p = await personAt(browser, patient.token, '/');
  const r = await personAt(browser, practitioner.token, '/');
  const s = await personAt(browser, staff.token, '/');
  try {
    const next = card(p.page, 'Next appointment');
    await expect(next).toContainText('You have no upcoming appointments.');
    await expect(next.getByRole('link', { name: 'Request an appointment' })).toHaveAttribute(
      'href',
      '/calendar?action=appointment',
    );
    const sessions = card(r.page, "Today's sessions");
    const schedule = card(s.page, "Today's clinic schedule");
    await expect(sessions).toBeVisible();
    await expect(schedule).toBeVisible();
    await expect(card(r.page, 'Public bookings')).toContainText(/\d+requests? waiting for you/);
    expect(await seriousViolations(p.page), 'patient dashboard, nothing booked').toEqual([]);
    let reloaded = false;
    for (const page of [p.page, r.page, s.page])
      page.on('load', () => {
        reloaded = true;
      });

    const { appointment, service } = await bookLaterToday(request, staff.token, patient.user.id);

    await expect(next).toContainText(`${service.name} with Riley Chen`);
    await expect(next).toContainText('Confirmed');
    await expect(next.getByRole('link', { name: /^Open your appointment of/ })).toHaveAttribute(
      'href',
      `/appointments?appointment=${appointment.id}`,
    );
    const row = sessions.getByRole('row').filter({ hasText: patient.name });
    await expect(row.getByRole('link', { name: patient.name, exact: true })).toHaveAttribute(
      'href',
      `/clients?patient=${patient.user.id}`,
    );
    await expect(row).toContainText(service.name);
    await expect(
      schedule.getByRole('row').filter({ hasText: patient.name }).filter({ hasText: 'Riley Chen' }),
    ).toBeVisible();
    await expect(schedule).toContainText(/[1-9]\d*appointments? today/);
    expect(reloaded).toBe(false);
    expect(await seriousViolations(p.page), 'patient dashboard with its next appointment').toEqual([]);
    expect(await seriousViolations(r.page), "practitioner dashboard with today's sessions").toEqual([]);
    expect(await seriousViolations(s.page), "general dashboard with today's schedule").toEqual([]);

    // The session opens its patient's record, whose Appointments tab lists it.
    await row.getByRole('link', { name: patient.name, exact: true }).click();
    const panel = r.page.getByRole('dialog', { name: patient.name });
    await panel.getByRole('tab', { name: 'Appointments' }).click();
    await expect(
      panel
        .getByRole('region', { name: 'Upcoming appointments' })
        .getByRole('row')
        .filter({ hasText: service.name }),
    ).toBeVisible();
  } finally {
    await p.close();
    await r.close();
    await s.close();
  }
});
