import { describe, expect, it } from 'vitest';
import { sessionAs } from '../../test/fake-telehealth';
import { mediaChanges, sessionChanges } from './announcements';
import { readQuality } from './peer-mesh';
import { isPolite } from './use-call';

const PAT = '00000000-0000-4000-8000-000000000000';
const RILEY = '00000000-0000-4000-8000-000000000001';

const report = (entries: Record<string, unknown>[]) =>
  new Map(entries.map((entry, index) => [String(index), entry])) as unknown as RTCStatsReport;

describe('what the live region says', () => {
  it('tells the host who is waiting, who joined and that the call started', () => {
    const before = sessionAs('host', { host: { present: true } });
    const waiting = sessionAs('host', { host: { present: true }, patient: { present: true } });
    expect(sessionChanges(before, waiting, RILEY)).toEqual(['Pat Morgan is waiting to be let in']);
    const live = sessionAs('host', {
      state: 'live',
      host: { present: true },
      patient: { present: true, admitted: true },
    });
    expect(sessionChanges(waiting, live, RILEY)).toEqual([
      'Pat Morgan joined the call',
      'The visit has started',
    ]);
    expect(sessionChanges(live, { ...live, state: 'ended' }, RILEY)).toEqual(['Call ended']);
  });

  it('tells the patient they are in, and never reads their own changes back', () => {
    const waiting = sessionAs('patient', {
      state: 'live',
      host: { present: true },
      patient: { present: true },
    });
    const admitted = sessionAs('patient', {
      state: 'live',
      host: { present: true },
      patient: { present: true, admitted: true },
    });
    expect(sessionChanges(waiting, admitted, PAT)).toEqual(['You are in the call']);
    expect(sessionChanges(null, admitted, PAT)).toEqual([]);
    const left = sessionAs('patient', { state: 'live', patient: { present: true, admitted: true } });
    expect(sessionChanges(admitted, left, PAT)).toEqual(['Riley Chen left']);
  });

  it('says what changed of the other side’s microphone, camera and screen', () => {
    expect(mediaChanges('Alex', undefined, { audio: false, video: true, screen: false })).toEqual([
      'Alex muted their microphone',
    ]);
    expect(
      mediaChanges(
        'Alex',
        { audio: false, video: true, screen: false },
        { audio: true, video: false, screen: true },
      ),
    ).toEqual([
      'Alex unmuted their microphone',
      'Alex turned their camera off',
      'Alex is sharing their screen',
    ]);
  });
});

describe('connection quality', () => {
  it('is Good on a short round trip without loss, Fair and Poor as they grow', () => {
    const pair = (rtt: number) => ({
      type: 'candidate-pair',
      nominated: true,
      state: 'succeeded',
      currentRoundTripTime: rtt,
    });
    const inbound = (received: number, lost: number) => ({
      type: 'inbound-rtp',
      id: 'v',
      packetsReceived: received,
      packetsLost: lost,
    });
    const previous = new Map();
    expect(readQuality([report([pair(0.04), inbound(1000, 0)])], previous)).toEqual({
      quality: 'Good',
      roundTripMs: 40,
      lossPercent: 0,
    });
    // Since the last reading: 100 more received, 5 more lost.
    expect(readQuality([report([pair(0.4), inbound(1100, 5)])], previous)?.quality).toBe('Fair');
    expect(readQuality([report([pair(0.9), inbound(1200, 5)])], previous)?.quality).toBe('Poor');
    expect(readQuality([report([])], new Map())).toBeNull();
  });
});

describe('who gives way when both offer at once', () => {
  it('is never the host, always the one facing the host, and one fixed side between two others', () => {
    const host = { userId: RILEY, role: 'host' };
    const patient = { userId: PAT, role: 'patient' };
    const guest = { userId: '00000000-0000-4000-8000-000000000002', role: 'guest' };
    expect(isPolite(host, patient)).toBe(false);
    expect(isPolite(patient, host)).toBe(true);
    expect(isPolite(patient, guest)).not.toBe(isPolite(guest, patient));
  });
});
