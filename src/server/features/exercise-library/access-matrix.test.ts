import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  type Expected,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { exerciseAs, multipartFile, PNG, turnOnCareBetweenVisits, uploadAs } from './testing';

/**
 * Who reaches the exercise library (brief of the library; PRODUCT.md's care between visits): practitioners,
 * staff and admins list, read, write, archive and upload; patients and members get 403 on the library (a
 * patient sees exercises through their programmes), visitors 401. Exercise media is served to signed-in
 * patients, practitioners, staff and admins, not to members or visitors. Exercises belong to the clinic, so
 * "own" is one in use and "other" an archived one; for media, "own" is a picture the library shows and
 * "other" a picture someone else uploaded that no exercise shows yet (404: it is still theirs alone).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await turnOnCareBetweenVisits(t);
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST' | 'PATCH';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  upload?: boolean;
  media?: boolean;
  expect: Expected;
};

const clinic = (status: number): Expected => ({
  visitor: 401,
  patient: 403,
  practitioner: status,
  staff: status,
  admin: status,
  member: 403,
});
const refused = (status: number) => ({ own: status, other: status, missing: status });
const clinicOn = (status: number): Expected => ({
  visitor: refused(401),
  patient: refused(403),
  practitioner: { own: status, other: status, missing: 404 },
  staff: { own: status, other: status, missing: 404 },
  admin: { own: status, other: status, missing: 404 },
  member: refused(403),
});
const mediaReaders: Expected = {
  visitor: refused(401),
  patient: { own: 200, other: 404, missing: 404 },
  practitioner: { own: 200, other: 404, missing: 404 },
  staff: { own: 200, other: 404, missing: 404 },
  admin: { own: 200, other: 404, missing: 404 },
  member: refused(403),
};

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/exercises', url: () => '/api/exercises?search=a', expect: clinic(200) },
  {
    method: 'POST',
    route: '/api/exercises',
    url: () => '/api/exercises',
    body: () => ({ name: `Matrix lunge ${randomBytes(4).toString('hex')}`, bodyRegion: 'knee' }),
    expect: clinic(201),
  },
  { method: 'GET', route: '/api/exercises/:id', url: (id) => `/api/exercises/${id}`, expect: clinicOn(200) },
  {
    method: 'PATCH',
    route: '/api/exercises/:id',
    url: (id) => `/api/exercises/${id}`,
    body: () => ({ defaultReps: 12 }),
    expect: clinicOn(200),
  },
  {
    method: 'POST',
    route: '/api/exercises/:id/archive',
    url: (id) => `/api/exercises/${id}/archive`,
    expect: clinicOn(200),
  },
  {
    method: 'POST',
    route: '/api/exercises/:id/restore',
    url: (id) => `/api/exercises/${id}/restore`,
    expect: clinicOn(200),
  },
  {
    method: 'POST',
    route: '/api/exercises/media',
    url: () => '/api/exercises/media',
    upload: true,
    expect: clinic(201),
  },
  {
    method: 'GET',
    route: '/api/exercises/media/:fileId',
    url: (id) => `/api/exercises/media/${id}`,
    media: true,
    expect: mediaReaders,
  },
];

async function targetFor(row: Row, target: Target, caller: Caller) {
  if (target === 'missing') return MISSING_ID;
  if (row.media) {
    if (target === 'other') return (await uploadAs(t, caller === 'staff' ? 'admin' : 'staff')).id;
    const shown = await uploadAs(t, 'admin');
    await exerciseAs(t, 'admin', { mediaFileId: shown.id });
    return shown.id;
  }
  const exercise = await exerciseAs(t, 'admin');
  if (target === 'other')
    await t.injectAs('admin', { method: 'POST', url: `/api/exercises/${exercise.id}/archive` });
  return exercise.id;
}

const cases = matrixCases(MATRIX);

describe('exercise library access matrix', () => {
  it('covers every exercise library route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/exercises')).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const id = c.target ? await targetFor(c.row, c.target, caller) : '';
    const response = c.row.upload
      ? await t.injectAs(caller, { method: 'POST', url: c.row.url(id), ...multipartFile(PNG) })
      : await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 200 && c.target && !c.row.media) expect(response.json().id).toBe(id);
  });
});
