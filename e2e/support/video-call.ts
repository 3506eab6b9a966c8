import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Appointment, ServiceType } from '../../src/shared/scheduling';
import { DEMO_PASSWORD, demoAccount, registerThrowaway } from './accounts';
import { bookAtAFreeTime } from './booking';
import { launchOptions } from './browser';
import { expect, openSignedIn } from './fixtures';
import { demoLogin } from './live';

/**
 * What the video visit journeys share: a Chromium with a fake camera and microphone (a test pattern and a beep)
 * that never asks for permission, people at their own browser contexts, and the call's statistics read from the
 * page's own peer connections.
 */
export const mediaLaunchOptions = {
  ...launchOptions,
  args: [
    ...launchOptions.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

/**
 * Keeps every RTCPeerConnection the page makes on window.__peers, so a journey can read what each side really
 * receives. A string, so nothing of it is in the product's code.
 */
export const COLLECT_PEERS = `(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  window.__peers = [];
  window.__streams = [];
  const media = navigator.mediaDevices;
  const getUserMedia = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    window.__streams.push(stream);
    return stream;
  };
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__peers.push(this);
    }
  };
})();`;

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Someone at their own browser (a fresh context with camera and microphone allowed) on a page of the app. */
export async function callerAt(browser: Browser, token: string, path: string, baseURL?: string) {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    permissions: ['camera', 'microphone'],
  });
  await context.addInitScript(COLLECT_PEERS);
  const page = await context.newPage();
  await openSignedIn(page, token, path);
  return { page, close: () => context.close() };
}

export type Received = {
  framesDecoded: number;
  audioEnergy: number;
  frameWidth: number;
  frameHeight: number;
};

/** What this page receives over its open peer connections: decoded video frames and audio energy. */
export async function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const peers = ((window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? []).filter(
      (pc) => pc.connectionState !== 'closed',
    );
    const total = { framesDecoded: 0, audioEnergy: 0, frameWidth: 0, frameHeight: 0 };
    for (const pc of peers) {
      const stats = await pc.getStats();
      stats.forEach((entry) => {
        if (entry.type !== 'inbound-rtp') return;
        if (entry.kind === 'video') {
          total.framesDecoded += entry.framesDecoded ?? 0;
          total.frameWidth = entry.frameWidth ?? total.frameWidth;
          total.frameHeight = entry.frameHeight ?? total.frameHeight;
        }
        if (entry.kind === 'audio')
          total.audioEnergy += (entry.totalAudioEnergy ?? 0) + (entry.audioLevel ?? 0);
      });
    }
    return total;
  });
}

/** The label of the video track this page sends (the camera's, or a shared screen's). */
export async function sentVideoLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const peers = ((window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? []).filter(
      (pc) => pc.connectionState !== 'closed',
    );
    for (const pc of peers)
      for (const sender of pc.getSenders()) if (sender.track?.kind === 'video') return sender.track.label;
    return '';
  });
}

/** Whether every camera and microphone track the page opened is stopped (the camera light is off). */
export async function allTracksStopped(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    ((window as unknown as { __streams?: MediaStream[] }).__streams ?? []).every((stream) =>
      stream.getTracks().every((track) => track.readyState === 'ended'),
    ),
  );
}

/** Where each of the page's peer connections stands, for a failure's message. */
export async function peerStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify(
      ((window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? []).map((pc) => ({
        signaling: pc.signalingState,
        ice: pc.iceConnectionState,
        connection: pc.connectionState,
        local: pc.localDescription?.type ?? null,
        remote: pc.remoteDescription?.type ?? null,
      })),
    ),
  );
}

/** Waits until the page receives the other side's video and sound. */
export async function expectMediaFlowing(page: Page) {
  try {
    await expect
      .poll(async () => (await received(page)).framesDecoded, { timeout: 45_000 })
      .toBeGreaterThan(10);
    await expect.poll(async () => (await received(page)).audioEnergy, { timeout: 45_000 }).toBeGreaterThan(0);
  } catch (error) {
    throw new Error(`No media on ${page.url()}; peer connections: ${await peerStates(page)}`, {
      cause: error,
    });
  }
}

/**
 * An appointment of the patient with the practitioner, booked by staff a few days ahead at a free time: a video
 * visit of a video service, or an in-person one of a service that is not.
 */
export async function bookedAppointment(
  request: APIRequestContext,
  {
    staffToken,
    patientId,
    practitionerId,
    isVideo,
  }: { staffToken: string; patientId: string; practitionerId: string; isVideo: boolean },
): Promise<Appointment> {
  const services = (await (
    await request.get('/api/service-types', { headers: auth(staffToken) })
  ).json()) as ServiceType[];
  const service =
    services.find((candidate) => candidate.active && candidate.isVideo === isVideo) ?? services[0];
  return bookAtAFreeTime(
    request,
    staffToken,
    { patientId, practitionerId, serviceTypeId: service.id, isVideo },
    () => {
      const startsAt = new Date(Date.now() + (1 + Math.floor(Math.random() * 10)) * 86_400_000);
      startsAt.setUTCHours(7 + Math.floor(Math.random() * 10), 5 * Math.floor(Math.random() * 12), 0, 0);
      return { startsAt };
    },
  );
}

/**
 * A journey's own visit, video visits switched on: a new patient named `<prefix>xxxxxx Tester` (the
 * practitioner's lists hold other journeys' visits) booked by the desk with the demo practitioner.
 */
export async function visitOf(request: APIRequestContext, prefix: string, { isVideo = true } = {}) {
  await setVideoVisits(request, true);
  const staff = await demoLogin(request, 'staff');
  const practitioner = await demoLogin(request, 'practitioner');
  const firstName = `${prefix}${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  const patient = await registerThrowaway(request, { firstName });
  const appointment = await bookedAppointment(request, {
    staffToken: staff.token,
    patientId: patient.user.id,
    practitionerId: practitioner.user.id,
    isVideo,
  });
  return {
    staff,
    practitioner,
    patient,
    patientName: `${firstName} Tester`,
    appointment,
    path: `/telehealth-session/${appointment.id}`,
  };
}

/** The patient's notifications of a type, as the API answers them. */
export async function notificationsOf(request: APIRequestContext, token: string, type: string) {
  const response = await request.get('/api/notifications', { headers: auth(token) });
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { type: string; actionUrl: string | null }[];
  return list.filter((notification) => notification.type === type);
}

/** The clinic's video visits on or off, as its admin sets them (a journey says so rather than assume it). */
export async function setVideoVisits(request: APIRequestContext, isOn: boolean) {
  const login = await request.post('/api/auth/login', {
    data: { email: demoAccount('admin').email, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const saved = await request.put('/api/clinic/features', {
    headers: auth(token),
    data: { videoVisits: isOn },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * The patient joins and waits, the practitioner joins, starts the visit and admits them, and each side then
 * receives the other's video and sound.
 */
export async function intoTheCall(doc: Page, pat: Page, patientName: string) {
  await pat.getByRole('button', { name: 'Join' }).click();
  await expect(pat.getByRole('heading', { name: 'Waiting for Riley Chen to let you in' })).toBeVisible();
  await doc.getByRole('button', { name: 'Join' }).click();
  await expect(
    doc.getByRole('list', { name: 'People' }).getByText('Patient · Waiting to be let in'),
  ).toBeVisible();
  await doc.getByRole('button', { name: 'Start visit' }).click();
  await doc.getByRole('button', { name: `Admit ${patientName}` }).click();
  await expect(pat.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
  await expectMediaFlowing(pat);
  await expectMediaFlowing(doc);
}

/** One side writes a chat line (Enter sends it) and the other side's chat shows it. */
export async function sayInChat(from: Page, to: Page, line: string) {
  await from.getByRole('textbox', { name: 'Message' }).fill(line);
  await from.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(to.getByRole('log', { name: 'Chat' }).getByText(line)).toBeVisible();
}

export type IceView = {
  /** How many RTCPeerConnections the page has made so far (a rebuilt connection adds one). */
  made: number;
  localUfrag: string | null;
  remoteUfrag: string | null;
  ice: string | null;
  signaling: string | null;
};

/** The ICE username fragments of the page's open peer connection, in its local and remote descriptions. */
export async function iceView(page: Page): Promise<IceView> {
  return page.evaluate(() => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    const open = peers.filter((pc) => pc.connectionState !== 'closed');
    const ufrag = (sdp: string | undefined) => /^a=ice-ufrag:(\S+)/m.exec(sdp ?? '')?.[1] ?? null;
    const pc = open[open.length - 1];
    return {
      made: peers.length,
      localUfrag: ufrag(pc?.localDescription?.sdp),
      remoteUfrag: ufrag(pc?.remoteDescription?.sdp),
      ice: pc?.iceConnectionState ?? null,
      signaling: pc?.signalingState ?? null,
    };
  });
}

/**
 * How much more the page decodes over a moment on its open peer connections: video frames and audio energy.
 * Both above nothing means media is flowing now, whatever came before.
 */
export async function mediaRising(page: Page, overMs = 1500): Promise<{ frames: number; energy: number }> {
  const before = await received(page);
  await page.waitForTimeout(overMs);
  const after = await received(page);
  return {
    frames: after.framesDecoded - before.framesDecoded,
    energy: after.audioEnergy - before.audioEnergy,
  };
}

/** Waits until the page decodes new video frames and new sound. */
export async function expectMediaRising(page: Page) {
  try {
    await expect.poll(async () => (await mediaRising(page)).frames, { timeout: 45_000 }).toBeGreaterThan(10);
    await expect.poll(async () => (await mediaRising(page)).energy, { timeout: 45_000 }).toBeGreaterThan(0);
  } catch (error) {
    throw new Error(`Media stopped on ${page.url()}; peer connections: ${await peerStates(page)}`, {
      cause: error,
    });
  }
}

/**
 * From now on, the page notes every moment its call screen was missing (no call controls, or the ended or
 * left screen) and every line of its polite live region; callScreenLog reads them back.
 */
export async function watchCallScreen(page: Page) {
  await page.evaluate(() => {
    const log = { checks: 0, missing: 0, said: [] as string[] };
    (window as unknown as { __callScreen: typeof log }).__callScreen = log;
    const region = document.querySelector('[role=status][aria-live=polite].sr-only');
    const note = () => {
      const text = region?.textContent ?? '';
      if (text && log.said[log.said.length - 1] !== text) log.said.push(text);
    };
    note();
    if (region)
      new MutationObserver(note).observe(region, { childList: true, characterData: true, subtree: true });
    setInterval(() => {
      log.checks += 1;
      const controls = document.querySelector('[role=toolbar][aria-label="Call controls"]');
      const headings = [...document.querySelectorAll('h1, h2')].map((heading) => heading.textContent ?? '');
      const away = headings.some((text) => /visit has ended|You left the visit/.test(text));
      if (!controls || away) log.missing += 1;
    }, 200);
  });
}

export async function callScreenLog(
  page: Page,
): Promise<{ checks: number; missing: number; said: string[] }> {
  return page.evaluate(
    () =>
      (window as unknown as { __callScreen: { checks: number; missing: number; said: string[] } })
        .__callScreen,
  );
}

/**
 * The process id of a Chromium's network service (its sockets: HTTP, WebSocket and WebRTC's UDP), from the
 * browser's own process list. Stopping it (SIGSTOP) cuts that browser off the network as a dropped Wi-Fi does,
 * without root; SIGCONT brings it back.
 */
export async function networkServicePid(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const service = processInfo.find((process) => process.type === 'network.mojom.NetworkService');
    if (!service) throw new Error(`No network service process: ${JSON.stringify(processInfo)}`);
    return service.id;
  } finally {
    await cdp.detach();
  }
}

/**
 * Waits until both ends of the call hold ICE credentials other than before, each the other's, stable and
 * connected again; answers what they hold then.
 */
export async function expectIceRestarted(
  doc: Page,
  pat: Page,
  before: { doc: IceView; pat: IceView },
): Promise<{ doc: IceView; pat: IceView }> {
  const now = async () => ({ doc: await iceView(doc), pat: await iceView(pat) });
  const isLive = (view: IceView) =>
    view.signaling === 'stable' && (view.ice === 'connected' || view.ice === 'completed');
  try {
    await expect
      .poll(
        async () => {
          const { doc: d, pat: p } = await now();
          return (
            d.localUfrag !== before.doc.localUfrag &&
            p.localUfrag !== before.pat.localUfrag &&
            d.localUfrag === p.remoteUfrag &&
            p.localUfrag === d.remoteUfrag &&
            isLive(d) &&
            isLive(p)
          );
        },
        { timeout: 45_000 },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(
      `ICE did not restart: before ${JSON.stringify(before)}, now ${JSON.stringify(await now())}`,
      {
        cause: error,
      },
    );
  }
  return now();
}
