import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelehealthSession } from '../../../shared/telehealth';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';
import { iceServersFor } from './ice-servers';
import { careTeam, expectStatus, setVideoVisits, videoVisit } from './testing';

const SECRET = 'a-turn-secret-of-some-length';

describe('ICE servers from the configuration', () => {
  it('gives none by default: on one network the browsers reach each other directly', () => {
    expect(iceServersFor(loadConfig({}), 'someone')).toEqual([]);
  });

  it('gives the STUN servers, and TURN with a login that expires, made with the shared secret', () => {
    const config = loadConfig({
      STUN_URLS: 'stun:stun.clinic.example:3478, stun:stun2.clinic.example',
      TURN_URLS: 'turn:turn.clinic.example:3478?transport=udp,turns:turn.clinic.example:5349',
      TURN_SECRET: SECRET,
      TURN_TTL_SECONDS: '600',
    });
    const now = Date.parse('2026-03-01T10:00:00Z');
    const [stun, turn] = iceServersFor(config, 'user-1', now);
    expect(stun).toEqual({ urls: ['stun:stun.clinic.example:3478', 'stun:stun2.clinic.example'] });
    const expiry = now / 1000 + 600;
    expect(turn).toEqual({
      urls: ['turn:turn.clinic.example:3478?transport=udp', 'turns:turn.clinic.example:5349'],
      username: `${expiry}:user-1`,
      credential: createHmac('sha1', SECRET).update(`${expiry}:user-1`).digest('base64'),
    });
  });

  it('refuses addresses that are not STUN or TURN, and TURN without its secret', () => {
    expect(() => loadConfig({ STUN_URLS: 'https://stun.example' })).toThrow(/STUN_URLS/);
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example', TURN_SECRET: SECRET.slice(0, 8) })).toThrow(
      /TURN_SECRET/,
    );
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example' })).toThrow(/TURN_URLS needs TURN_SECRET/);
    expect(() => loadConfig({ TURN_TTL_SECONDS: '5' })).toThrow(/TURN_TTL_SECONDS/);
  });
});

describe('a call’s session', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { iceServers } = loadConfig({ TURN_URLS: 'turn:turn.clinic.example:3478', TURN_SECRET: SECRET });
    t = await createTestApp({ iceServers });
    await setVideoVisits(t, true);
  });
  afterAll(() => t.close());

  it('hands each person TURN logins of their own', async () => {
    const { practitioner, patient } = await careTeam(t);
    const visit = await videoVisit(t, { practitionerId: practitioner.id, patientId: patient.id });
    const url = `/api/telehealth/sessions/${visit.id}`;
    const mine = await expectStatus<TelehealthSession>(t, patient, { method: 'GET', url, status: 200 });
    const theirs = await expectStatus<TelehealthSession>(t, practitioner, {
      method: 'GET',
      url,
      status: 200,
    });
    expect(mine).toMatchObject({
      appointmentId: visit.id,
      startTime: visit.startsAt,
      endTime: visit.endsAt,
      serviceName: visit.serviceName,
      appointmentStatus: 'confirmed',
      state: 'not_started',
      startedAt: null,
      endedAt: null,
      role: 'patient',
    });
    expect(mine.people).toEqual([
      { userId: practitioner.id, name: visit.practitionerName, role: 'host', present: false, admitted: true },
      { userId: patient.id, name: visit.patientName, role: 'patient', present: false, admitted: false },
    ]);
    expect(mine.iceServers[0].username).toMatch(new RegExp(`^\\d+:${patient.id}$`));
    expect(theirs.iceServers[0].username).toMatch(new RegExp(`^\\d+:${practitioner.id}$`));
  });
});
