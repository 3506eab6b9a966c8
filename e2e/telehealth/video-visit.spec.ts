import type { Page } from '@playwright/test';
import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, openSignedIn, test } from '../support/fixtures';
import {
  allTracksStopped,
  callerAt,
  expectMediaFlowing,
  mediaLaunchOptions,
  notificationsOf,
  received,
  sayInChat,
  sentVideoLabel,
  visitOf,
} from '../support/video-call';

// A fake camera and microphone that never ask; the capability is switched off at the end of the second test.
test.use({ launchOptions: mediaLaunchOptions });
test.describe.configure({ mode: 'serial' });

const liveRegion = (page: Page) => page.locator('[role=status][aria-live=polite].sr-only');

test('a video visit: the patient waits, the practitioner starts and admits, media, chat and the end', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { practitioner, patient, patientName, appointment, path } = await visitOf(request, 'Vida');
  expect(appointment.isVideo).toBe(true);
  expect(appointment.joinUrl).toMatch(new RegExp(`${path}$`));

  const doc = await callerAt(browser, practitioner.token, '/telehealth');
  const pat = await callerAt(browser, patient.token, '/telehealth');
  try {
    // Both see the visit on Telehealth; the practitioner is offered to start it.
    const start = doc.page.getByRole('link', { name: new RegExp(`^Start visit: ${patientName}`) }).first();
    await expect(start).toBeVisible();
    await expect(pat.page.getByRole('link', { name: /^Join: Riley Chen/ }).first()).toBeVisible();
    expect(await seriousViolations(doc.page)).toEqual([]);

    // The patient checks their devices, joins and waits.
    await pat.page
      .getByRole('link', { name: /^Join: Riley Chen/ })
      .first()
      .click();
    await expect(pat.page).toHaveURL(path);
    await expect(pat.page.getByRole('heading', { name: 'Check your camera and microphone' })).toBeVisible();
    await expect(pat.page.getByRole('combobox', { name: 'Camera' })).toBeEnabled();
    await expect(pat.page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    expect(await seriousViolations(pat.page)).toEqual([]);
    await pat.page.getByRole('button', { name: 'Join' }).click();
    await expect(
      pat.page.getByRole('heading', { name: 'Waiting for Riley Chen to let you in' }),
    ).toBeVisible();
    await expect(liveRegion(pat.page)).toHaveText('Waiting for Riley Chen to let you in');
    expect(await seriousViolations(pat.page)).toEqual([]);

    // The practitioner joins, sees the patient waiting, starts the visit and lets them in.
    await start.click();
    await doc.page.getByRole('button', { name: 'Join' }).click();
    const people = doc.page.getByRole('list', { name: 'People' });
    await expect(people.getByText('Patient · Waiting to be let in')).toBeVisible();
    await doc.page.getByRole('button', { name: 'Start visit' }).click();
    await doc.page.getByRole('button', { name: `Admit ${patientName}` }).click();
    await expect(pat.page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();

    // Each side receives the other's video and sound, peer to peer.
    await expectMediaFlowing(pat.page);
    await expectMediaFlowing(doc.page);
    await expect(doc.page.getByText(/^Connection: (Good|Fair|Poor)$/)).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(doc.page)).toEqual([]);
    expect(await seriousViolations(pat.page)).toEqual([]);

    // The patient was told the visit started, with a link to it.
    const started = await notificationsOf(request, patient.token, 'telehealth_session_started');
    expect(started.map((notification) => notification.actionUrl)).toContain(path);

    // Mute and camera off show on the other side, in words and in the live region.
    const patientTile = doc.page.getByRole('figure', { name: `${patientName}'s video` });
    await pat.page.getByRole('button', { name: 'Mute' }).click();
    await expect(pat.page.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
    await expect(patientTile.getByText('Muted')).toBeVisible();
    await expect(liveRegion(doc.page)).toHaveText(`${patientName} muted their microphone`);
    await pat.page.getByRole('button', { name: 'Camera off' }).click();
    await expect(patientTile.getByText('Camera off')).toBeVisible();
    await pat.page.getByRole('button', { name: 'Camera off' }).click();
    await pat.page.getByRole('button', { name: 'Mute' }).click();
    await expect(patientTile.getByText('Muted')).toBeHidden();

    // The practitioner shares their screen: the patient decodes the new picture.
    const cameraLabel = await sentVideoLabel(doc.page);
    await doc.page.getByRole('button', { name: 'Share screen' }).click();
    await expect(doc.page.getByRole('button', { name: 'Share screen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => sentVideoLabel(doc.page)).not.toBe(cameraLabel);
    const before = await received(pat.page);
    await expect
      .poll(async () => (await received(pat.page)).framesDecoded, { timeout: 30_000 })
      .toBeGreaterThan(before.framesDecoded + 10);
    await expect(liveRegion(pat.page)).toHaveText('Riley Chen is sharing their screen');
    await doc.page.getByRole('button', { name: 'Share screen' }).click();
    await expect.poll(() => sentVideoLabel(doc.page)).toBe(cameraLabel);

    // Chat both ways, relayed and never stored.
    await pat.page.getByRole('textbox', { name: 'Message' }).fill('Hello, can you see me?');
    await pat.page.getByRole('button', { name: 'Send message' }).click();
    await expect(
      doc.page.getByRole('log', { name: 'Chat' }).getByText('Hello, can you see me?'),
    ).toBeVisible();
    await sayInChat(doc.page, pat.page, 'Yes, clearly.');

    // The practitioner writes the visit's note beside the call, with the note editor of the notes pages.
    await doc.page.getByRole('button', { name: 'Open note' }).click();
    await doc.page.getByRole('button', { name: 'Start the note' }).click();
    const note = doc.page.getByRole('region', { name: 'Recovery note' });
    await note.getByLabel('Subjective').fill('Knee feels better; stairs still hard.');
    await expect(note.getByText('Saved', { exact: true })).toBeVisible();
    await expect(doc.page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();

    // The practitioner ends the visit: the patient sees it end, their camera goes off, and they are told.
    await doc.page.getByRole('button', { name: 'End visit' }).click();
    await expect(pat.page.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
    await expect(pat.page.getByRole('link', { name: 'Back to video visits' })).toHaveAttribute(
      'href',
      '/telehealth',
    );
    await expect.poll(() => allTracksStopped(pat.page)).toBe(true);
    await expect
      .poll(async () => (await notificationsOf(request, patient.token, 'telehealth_session_ended')).length)
      .toBeGreaterThan(0);
    const [ended] = await notificationsOf(request, patient.token, 'telehealth_session_ended');
    await pat.page.getByRole('button', { name: /^Open notifications/ }).click();
    const drawer = pat.page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByRole('list', { name: 'Notifications' })).toContainText(
      (ended as unknown as { title: string }).title,
    );
  } finally {
    await doc.close();
    await pat.close();
  }
});

test('only the appointment’s people may join; with video visits off the placeholder stands', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { staff, patient, path } = await visitOf(request, 'Wren');
  const stranger = await registerThrowaway(request, { firstName: 'Otto' });

  // A patient of another appointment, and a staff member nobody invited, are told there is no such visit.
  for (const token of [stranger.token, staff.token]) {
    const other = await callerAt(browser, token, path);
    try {
      await expect(other.page.getByRole('heading', { name: 'Video visit not found' })).toBeVisible();
      await expect(other.page.getByRole('button', { name: 'Join' })).toHaveCount(0);
    } finally {
      await other.close();
    }
  }

  // With video visits off, the sidebar keeps 'Telehealth (Coming Soon)' and the addresses are unknown. The
  // clinic's switch is shared by the journeys running beside this one, so this browser alone is told the
  // capability is off; the server's side of "off" (409 on every call route, the spec's fields) is in its tests.
  const context = await browser.newContext();
  await context.route('**/api/clinic/features', async (route) => {
    const answer = await route.fetch();
    const { features } = (await answer.json()) as { features: Record<string, boolean> };
    await route.fulfill({ response: answer, json: { features: { ...features, videoVisits: false } } });
  });
  try {
    const page = await context.newPage();
    await openSignedIn(page, patient.token, '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByText('Telehealth (Coming Soon)')).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Telehealth' })).toHaveCount(0);
    await page.goto('/telehealth');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  } finally {
    await context.close();
  }
});
