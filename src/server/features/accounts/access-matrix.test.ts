import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  type Expected,
  everywhere,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  signedIn,
  type Target,
} from '../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

/**
 * Who reaches the profile (PRODUCT.md, 'Settings': name, email, phone, photo): every signed-in person changes
 * their own and nobody else's (no route names another person; 401 for a visitor). A photo is served at its
 * own unguessable id so that an <img> loads it without a bearer header: whoever holds the id gets it, signed
 * in or not, and an id that names no photo is 404. "own" is a photo the caller just uploaded (a visitor has
 * none: theirs is one of a person made for the case), "other" one of a person no demo account is.
 */

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const photo = () => ({ dataUrl: `data:image/png;base64,${PNG}` });

let t: TestApp;
let stranger: TestPerson;
let strangersPhoto = '';

async function upload(token: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/photo',
    headers: bearer(token),
    payload: photo(),
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return (response.json().user.profileImage as string).split('/').pop()!;
}

beforeAll(async () => {
  t = await createTestApp();
  stranger = await createPerson(t, 'patient');
  strangersPhoto = await upload(stranger.token);
});
afterAll(() => t.close());

async function photoFor(caller: Caller, target: Target) {
  if (target === 'missing') return MISSING_ID;
  if (target === 'other') return strangersPhoto;
  const token = caller === 'visitor' ? (await createPerson(t, 'member')).token : await t.tokenOf(caller);
  return upload(token);
}

type Row = {
  method: 'GET' | 'PUT' | 'DELETE';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  expect: Expected;
};

const MATRIX: Row[] = [
  {
    method: 'PUT',
    route: '/api/profile',
    url: () => '/api/profile',
    body: () => ({ phone: '+44 20 7946 0101' }),
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/profile/photo',
    url: () => '/api/profile/photo',
    body: photo,
    expect: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/profile/photo',
    url: () => '/api/profile/photo',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/photos/:photoId',
    url: (id) => `/api/photos/${id}`,
    expect: {
      visitor: everywhere(200),
      patient: everywhere(200),
      practitioner: everywhere(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: everywhere(200),
    },
  },
];

const cases = matrixCases(MATRIX);

describe('profile and photo routes access matrix', () => {
  it('covers every profile and photo route the app serves', () => {
    const served = [...servedRoutes(t.routes, '/api/profile'), ...servedRoutes(t.routes, '/api/photos')];
    expect(served.sort()).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const id = c.target ? await photoFor(caller, c.target) : '';
    const response = await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 200 && c.target) expect(response.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });
});
