import { expect, test } from '../support/fixtures';
import {
  callerAt,
  callScreenLog,
  expectIceRestarted,
  expectMediaRising,
  iceView,
  intoTheCall,
  mediaLaunchOptions,
  networkServicePid,
  sayInChat,
  visitOf,
  watchCallScreen,
} from '../support/video-call';

test.use({ launchOptions: mediaLaunchOptions });

/**
 * The "reconnection on a network change without leaving the call", in real browsers. The patient sits
 * at a Chromium of their own, whose network service the journey stops for a while (SIGSTOP: its HTTP,
 * WebSocket and WebRTC traffic halt, as when a Wi-Fi drops); the practitioner's browser stays online. Nothing
 * in the journey calls restartIce(): the app does, when the connection has been 'disconnected' for 4 s.
 */
test('the network drops on one side mid-call: ICE restarts, media comes back, the call stays', async ({
  browser,
  playwright,
  request,
}) => {
  test.setTimeout(240_000);
  const { practitioner, patient, patientName, path } = await visitOf(request, 'Ice');

  const patientBrowser = await playwright.chromium.launch(mediaLaunchOptions);
  const doc = await callerAt(browser, practitioner.token, path);
  const pat = await callerAt(patientBrowser, patient.token, path);
  let frozen: number | null = null;
  try {
    await intoTheCall(doc.page, pat.page, patientName);
    const docBefore = await iceView(doc.page);
    const patBefore = await iceView(pat.page);
    expect(docBefore.localUfrag).toBe(patBefore.remoteUfrag);
    expect(patBefore.localUfrag).toBe(docBefore.remoteUfrag);
    await watchCallScreen(doc.page);
    await watchCallScreen(pat.page);

    // The patient's browser goes off the network. The practitioner's connection stops hearing from it, and
    // 4 s into 'disconnected' the practitioner's page restarts ICE: a new offer with new credentials, sent over
    // the call's socket (which the patient's browser will only read once it is back).
    frozen = await networkServicePid(patientBrowser);
    process.kill(frozen, 'SIGSTOP');
    await expect.poll(async () => (await iceView(doc.page)).ice, { timeout: 30_000 }).toBe('disconnected');
    await expect
      .poll(async () => (await iceView(doc.page)).localUfrag, { timeout: 30_000, intervals: [100] })
      .not.toBe(docBefore.localUfrag);
    process.kill(frozen, 'SIGCONT');
    frozen = null;

    // Back online: both ends hold new credentials, each the other's, on the same connection (none was
    // rebuilt), connected again and stable.
    const after = await expectIceRestarted(doc.page, pat.page, { doc: docBefore, pat: patBefore });
    const [docAfter, patAfter] = [after.doc, after.pat];
    expect(docAfter.made).toBe(docBefore.made);
    expect(patAfter.made).toBe(patBefore.made);
    test.info().annotations.push({
      type: 'ice-ufrag',
      description: `practitioner ${docBefore.localUfrag} -> ${docAfter.localUfrag}, patient ${patBefore.localUfrag} -> ${patAfter.localUfrag}`,
    });

    // Video and sound keep being decoded on both sides.
    await expectMediaRising(doc.page);
    await expectMediaRising(pat.page);

    // Neither page ever left its call screen, and the live region said nothing of the drop (the app does not
    // announce an ICE restart; nobody left or joined).
    for (const page of [doc.page, pat.page]) {
      const log = await callScreenLog(page);
      expect(log.checks).toBeGreaterThan(10);
      expect(log.missing).toBe(0);
      expect(log.said.slice(1)).toEqual([]);
      await expect(page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
    }
    await expect(
      doc.page.getByRole('list', { name: 'People' }).getByText('Patient · In the call'),
    ).toBeVisible();

    // The call goes on: chat crosses both ways, and the practitioner ends it.
    await sayInChat(pat.page, doc.page, 'Back again');
    await doc.page.getByRole('button', { name: 'End visit' }).click();
    await expect(pat.page.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
  } finally {
    if (frozen !== null) process.kill(frozen, 'SIGCONT');
    await doc.close();
    await pat.close();
    await patientBrowser.close();
  }
});
