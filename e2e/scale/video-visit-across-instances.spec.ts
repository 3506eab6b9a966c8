import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, demoAccount, registerThrowaway } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { SCALE_PROXY_URL, SCALE_URLS } from '../support/ports';
import { scaleState } from '../support/scale-control';
import {
  callerAt,
  expectMediaFlowing,
  mediaLaunchOptions,
  setVideoVisits,
  videoAppointment,
} from '../support/video-call';

test.use({ launchOptions: mediaLaunchOptions });
// The proxy journey reads the harness's counts; one journey at a time.
test.describe.configure({ mode: 'serial' });

/**
 * A video visit on three instances of the clinic on one PostgreSQL and one Redis. Presence, admission,
 * signalling, media states and chat all cross between instances through Redis; the media itself flows peer to
 * peer. First each person is held by an instance of their own, then both go through the round-robin proxy.
 */

async function allHealthy() {
  for (const url of SCALE_URLS) {
    const health = () =>
      fetch(`${url}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
    await expect.poll(health, { timeout: 90_000 }).toBe(200);
  }
}

/** The practitioner and a patient of the journey's own, with a video visit between them. */
async function visitFor(request: APIRequestContext) {
  await setVideoVisits(request, true);
  const practitioner = await apiLogin(request, demoAccount('practitioner').email, DEMO_PASSWORD);
  const staff = await apiLogin(request, demoAccount('staff').email, DEMO_PASSWORD);
  const firstName = `Scala${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  const patient = await registerThrowaway(request, { firstName });
  const appointment = await videoAppointment(request, staff.token, patient.user.id, practitioner.user.id);
  return {
    practitioner,
    patient,
    patientName: `${firstName} Tester`,
    path: `/telehealth-session/${appointment.id}`,
  };
}

/** The call from the waiting room to its end, the two people at their own pages. */
async function callBetween(doc: Page, pat: Page, patientName: string, inCall?: () => Promise<void>) {
  await pat.getByRole('button', { name: 'Join' }).click();
  await expect(pat.getByRole('heading', { name: 'Waiting for Riley Chen to let you in' })).toBeVisible();
  await doc.getByRole('button', { name: 'Join' }).click();
  // The patient's presence was marked where their socket is; the practitioner's page draws it from the shared state.
  await expect(
    doc.getByRole('list', { name: 'People' }).getByText('Patient · Waiting to be let in'),
  ).toBeVisible();
  await doc.getByRole('button', { name: 'Start visit' }).click();
  await doc.getByRole('button', { name: `Admit ${patientName}` }).click();
  await expect(pat.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
  await expectMediaFlowing(pat);
  await expectMediaFlowing(doc);
  await inCall?.();

  await pat.getByRole('button', { name: 'Mute' }).click();
  await expect(doc.getByRole('figure', { name: `${patientName}'s video` }).getByText('Muted')).toBeVisible();
  await doc.getByRole('textbox', { name: 'Message' }).fill('Across instances');
  await doc.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(pat.getByRole('log', { name: 'Chat' }).getByText('Across instances')).toBeVisible();
  await pat.getByRole('textbox', { name: 'Message' }).fill('Received');
  await pat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(doc.getByRole('log', { name: 'Chat' }).getByText('Received')).toBeVisible();

  await doc.getByRole('button', { name: 'End visit' }).click();
  await expect(pat.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
}

test('a video visit between two browsers held by different instances', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  await allHealthy();
  const [urlA, urlB] = SCALE_URLS;
  const a = await playwright.request.newContext({ baseURL: urlA });
  try {
    const { practitioner, patient, patientName, path } = await visitFor(a);
    // The practitioner's browser talks only to the first instance, the patient's only to the second.
    const doc = await callerAt(browser, practitioner.token, path, urlA);
    const pat = await callerAt(browser, patient.token, path, urlB);
    try {
      await callBetween(doc.page, pat.page, patientName);
    } finally {
      await doc.close();
      await pat.close();
    }
  } finally {
    await a.dispose();
  }
});

test('a video visit through the round-robin proxy', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  await allHealthy();
  const proxy = await playwright.request.newContext({ baseURL: SCALE_PROXY_URL });
  try {
    const { practitioner, patient, patientName, path } = await visitFor(proxy);
    const before = await scaleState();
    const doc = await callerAt(browser, practitioner.token, path, SCALE_PROXY_URL);
    const pat = await callerAt(browser, patient.token, path, SCALE_PROXY_URL);
    try {
      await callBetween(doc.page, pat.page, patientName, async () => {
        // Both call sockets are held behind the proxy, and the pages' requests went to more than one instance.
        const state = await scaleState();
        const held = (userId: string) =>
          state.sockets.find((socket) => socket.channel === 'telehealth' && socket.userId === userId);
        const docSocket = held(practitioner.user.id);
        const patSocket = held(patient.user.id);
        expect(docSocket).toBeDefined();
        expect(patSocket).toBeDefined();
        test.info().annotations.push({
          type: 'instances',
          description: `practitioner's call socket on ${docSocket?.instance}, patient's on ${patSocket?.instance}`,
        });
        const served = state.proxy.map((instance, index) => instance.requests - before.proxy[index].requests);
        expect(served.filter((count) => count > 0).length).toBeGreaterThan(1);
      });
    } finally {
      await doc.close();
      await pat.close();
    }
  } finally {
    await proxy.dispose();
  }
});
