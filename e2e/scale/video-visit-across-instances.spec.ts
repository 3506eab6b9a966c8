import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, demoAccount, registerThrowaway } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { SCALE_URLS } from '../support/ports';
import {
  callerAt,
  expectMediaFlowing,
  mediaLaunchOptions,
  setVideoVisits,
  videoAppointment,
} from '../support/video-call';

test.use({ launchOptions: mediaLaunchOptions });

/**
 * A video visit whose two people are held by different instances on one PostgreSQL and one Redis: the
 * practitioner's browser talks only to the first, the patient's only to the second. Presence, admission,
 * signalling, media states and chat all cross through Redis; the media itself flows peer to peer.
 */
test('a video visit between two browsers held by different instances', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  const [urlA, urlB] = SCALE_URLS;
  for (const url of SCALE_URLS) {
    const health = () =>
      fetch(`${url}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
    await expect.poll(health, { timeout: 90_000 }).toBe(200);
  }
  const requests: APIRequestContext[] = [];
  const requestAt = async (baseURL: string) => {
    const request = await playwright.request.newContext({ baseURL });
    requests.push(request);
    return request;
  };
  const a = await requestAt(urlA);
  const b = await requestAt(urlB);
  try {
    await setVideoVisits(a, true);
    const practitioner = await apiLogin(a, demoAccount('practitioner').email, DEMO_PASSWORD);
    const staff = await apiLogin(a, demoAccount('staff').email, DEMO_PASSWORD);
    const firstName = `Scala${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
    const patient = await registerThrowaway(b, { firstName });
    const appointment = await videoAppointment(a, staff.token, patient.user.id, practitioner.user.id);
    const path = `/telehealth-session/${appointment.id}`;

    const doc = await callerAt(browser, practitioner.token, path, urlA);
    const pat = await callerAt(browser, patient.token, path, urlB);
    try {
      await pat.page.getByRole('button', { name: 'Join' }).click();
      await expect(
        pat.page.getByRole('heading', { name: 'Waiting for Riley Chen to let you in' }),
      ).toBeVisible();
      await doc.page.getByRole('button', { name: 'Join' }).click();
      // The patient's presence was marked on the second instance; the first draws it from the shared state.
      await expect(
        doc.page.getByRole('list', { name: 'People' }).getByText('Patient · Waiting to be let in'),
      ).toBeVisible();

      await doc.page.getByRole('button', { name: 'Start visit' }).click();
      await doc.page.getByRole('button', { name: `Admit ${firstName} Tester` }).click();
      await expect(pat.page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
      await expectMediaFlowing(pat.page);
      await expectMediaFlowing(doc.page);

      await pat.page.getByRole('button', { name: 'Mute' }).click();
      await expect(
        doc.page.getByRole('figure', { name: `${firstName} Tester's video` }).getByText('Muted'),
      ).toBeVisible();
      await doc.page.getByRole('textbox', { name: 'Message' }).fill('Across instances');
      await doc.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(pat.page.getByRole('log', { name: 'Chat' }).getByText('Across instances')).toBeVisible();
      await pat.page.getByRole('textbox', { name: 'Message' }).fill('Received');
      await pat.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(doc.page.getByRole('log', { name: 'Chat' }).getByText('Received')).toBeVisible();

      await doc.page.getByRole('button', { name: 'End visit' }).click();
      await expect(pat.page.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
    } finally {
      await doc.close();
      await pat.close();
    }
  } finally {
    for (const request of requests) await request.dispose();
  }
});
