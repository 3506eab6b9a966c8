import type { Page } from '@playwright/test';
import { startProxy } from '../../scripts/round-robin-proxy';
import { expect, test } from '../support/fixtures';
import { SCALE_PORTS, SCALE_PROXY_URL, SCALE_URLS } from '../support/ports';
import { killInstance, restartInstance, scaleState } from '../support/scale-control';
import {
  callerAt,
  callScreenLog,
  expectIceRestarted,
  expectMediaRising,
  iceView,
  intoTheCall,
  mediaLaunchOptions,
  sayInChat,
  visitOf,
  watchCallScreen,
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

/**
 * The call from the waiting room to its end, the two people at their own pages. The patient's presence is marked
 * where their socket is; the practitioner's page draws it from the shared state.
 */
async function callBetween(doc: Page, pat: Page, patientName: string, inCall?: () => Promise<void>) {
  await intoTheCall(doc, pat, patientName);
  await inCall?.();
  await muteAndChat(doc, pat, patientName, 'Across instances');
  await doc.getByRole('button', { name: 'End visit' }).click();
  await expect(pat.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
}

/** The patient mutes (the practitioner sees it) and unmutes; a chat line each way. */
async function muteAndChat(doc: Page, pat: Page, patientName: string, line: string) {
  const muted = doc.getByRole('figure', { name: `${patientName}'s video` }).getByText('Muted');
  await pat.getByRole('button', { name: 'Mute' }).click();
  await expect(muted).toBeVisible();
  await pat.getByRole('button', { name: 'Mute' }).click();
  await expect(muted).toBeHidden();
  await sayInChat(doc, pat, line);
  await sayInChat(pat, doc, `Received: ${line}`);
}

test('a video visit between two browsers held by different instances', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  await allHealthy();
  const [urlA, urlB] = SCALE_URLS;
  const a = await playwright.request.newContext({ baseURL: urlA });
  try {
    const { practitioner, patient, patientName, path } = await visitOf(a, 'Scala');
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
    const { practitioner, patient, patientName, path } = await visitOf(proxy, 'Scala');
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

test('the instance holding the patient’s call socket dies mid-call: the socket moves, the call stays', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  await allHealthy();
  const [urlA] = SCALE_URLS;
  const a = await playwright.request.newContext({ baseURL: urlA });
  // The practitioner talks only to the first instance. The patient goes through a round-robin proxy of this
  // journey's own, before the other two: when the one holding their call socket dies, the socket can only
  // come back on the one left, never on the practitioner's, so every signal after the move crosses Redis.
  const behind = [1, 2] as const;
  const callSockets = new Map<number, number>();
  let patientId = '';
  const proxy = await startProxy({
    port: 0,
    host: '127.0.0.1',
    upstreams: behind.map((index) => ({ host: '127.0.0.1', port: SCALE_PORTS[index] })),
    onEvent: (event) => {
      if (event.type === 'socket-open') {
        const params = new URL(event.url, 'http://proxy').searchParams;
        if (params.get('channel') === 'telehealth' && params.get('userId') === patientId)
          callSockets.set(event.id, behind[event.upstream]);
      } else if (event.type === 'socket-close') {
        callSockets.delete(event.id);
      }
    },
  });
  const patientCallSockets = () => [...callSockets.values()];
  let killed: number | null = null;
  try {
    const { practitioner, patient, patientName, path } = await visitOf(a, 'Scala');
    patientId = patient.user.id;
    const doc = await callerAt(browser, practitioner.token, path, urlA);
    const pat = await callerAt(browser, patient.token, path, `http://127.0.0.1:${proxy.port}`);
    try {
      await intoTheCall(doc.page, pat.page, patientName);
      const [first] = patientCallSockets();
      expect(patientCallSockets()).toHaveLength(1);
      const before = { doc: await iceView(doc.page), pat: await iceView(pat.page) };
      await watchCallScreen(doc.page);
      await watchCallScreen(pat.page);

      // The patient's instance dies (SIGKILL: no goodbye to its sockets). Their page's socket comes back
      // through the proxy on the instance left, says join again, and the server has them present there.
      killed = first;
      await killInstance(first);
      const survivor = behind.find((index) => index !== first);
      await expect.poll(patientCallSockets, { timeout: 30_000 }).toEqual([survivor]);
      for (const [page, other] of [
        [doc.page, 'Patient'],
        [pat.page, 'Practitioner'],
      ] as const) {
        await expect(
          page.getByRole('list', { name: 'People' }).getByText(`${other} · In the call`),
        ).toBeVisible();
        await expect(page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
      }

      // Media flows both ways after the move, and neither page left its call screen or heard anyone leave.
      await expectMediaRising(doc.page);
      await expectMediaRising(pat.page);
      const moved = { doc: await iceView(doc.page), pat: await iceView(pat.page) };
      for (const page of [doc.page, pat.page]) {
        const log = await callScreenLog(page);
        expect(log.checks).toBeGreaterThan(10);
        expect(log.missing).toBe(0);
        expect(log.said.filter((line) => /left|ended/i.test(line))).toEqual([]);
      }

      // Mute and chat still reach the other side, now from the surviving instance through Redis.
      await muteAndChat(doc.page, pat.page, patientName, 'After the move');

      // An ICE restart from the patient's side negotiates through the new instance: new credentials on both
      // ends, and media flowing on.
      await pat.page.evaluate(() => {
        const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
        peers
          .filter((pc) => pc.connectionState !== 'closed')
          .at(-1)
          ?.restartIce();
      });
      const restarted = await expectIceRestarted(doc.page, pat.page, moved);
      expect(restarted.doc.made).toBe(moved.doc.made);
      expect(restarted.pat.made).toBe(moved.pat.made);
      await expectMediaRising(doc.page);
      await expectMediaRising(pat.page);
      test.info().annotations.push({
        type: 'move',
        description: `patient's call socket ${SCALE_PORTS[first]} -> ${SCALE_PORTS[survivor ?? 0]}; connections made before/after the move: practitioner ${before.doc.made}/${moved.doc.made}, patient ${before.pat.made}/${moved.pat.made}`,
      });

      await doc.page.getByRole('button', { name: 'End visit' }).click();
      await expect(pat.page.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
    } finally {
      await doc.close();
      await pat.close();
    }
  } finally {
    await proxy.close();
    await a.dispose();
    if (killed !== null) await restartInstance(killed);
  }
});
