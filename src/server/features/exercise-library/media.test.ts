import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXERCISE_IMAGE_MAX_BYTES, EXERCISE_VIDEO_MAX_BYTES } from '../../../shared/exercise-library';
import { activityLog, storedFiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { parseRange, safeFileName } from './media';
import { exerciseAs, mp4, multipartFile, PNG, turnOnCareBetweenVisits, uploadAs } from './testing';

/** Uploads checked by their bytes and limits; files served only to whom they belong, with safe headers. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await turnOnCareBetweenVisits(t);
});
afterAll(() => t.close());

const upload = (bytes: Buffer, options: { filename?: string; type?: string } = {}) =>
  t.injectAs('practitioner', {
    method: 'POST',
    url: '/api/exercises/media',
    ...multipartFile(bytes, options),
  });
const storedCount = async () => (await t.database.db.select().from(storedFiles)).length;
const filesOnDisk = async () => (await readdir(join(t.filesDir, 'exercise-media')).catch(() => [])).length;

describe('exercise media uploads', () => {
  it('stores a picture told by its bytes, with its SHA-256, in the file store, and logs it', async () => {
    const response = await upload(PNG, { filename: 'knee bend.jpg', type: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json();
    expect(media).toMatchObject({
      contentType: 'image/png',
      byteSize: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, media.id));
    expect(row).toMatchObject({
      originalName: 'knee bend.jpg',
      storageKey: expect.stringMatching(/^exercise-media\//),
    });
    const [logged] = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, media.id));
    expect(logged).toMatchObject({ action: 'exercise_media.uploaded', entityType: 'stored_file' });
  });

  it('takes a video up to 50 MB', async () => {
    const response = await upload(mp4(2 * 1024 * 1024), { filename: 'clip.mp4', type: 'video/mp4' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().contentType).toBe('video/mp4');
  });

  it('refuses other kinds of file, too large ones and requests that are not uploads, storing nothing', async () => {
    const before = { rows: await storedCount(), files: await filesOnDisk() };
    const html = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(5000, ' '));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bigImage = Buffer.concat([PNG, Buffer.alloc(EXERCISE_IMAGE_MAX_BYTES)]);
    const bigVideo = mp4(EXERCISE_VIDEO_MAX_BYTES + 10);
    const cases: Array<[string, Awaited<ReturnType<typeof upload>>, number, RegExp]> = [
      [
        'html named png',
        await upload(html, { filename: 'x.png', type: 'image/png' }),
        400,
        /not a PNG, JPEG/,
      ],
      ['svg', await upload(svg, { filename: 'x.svg', type: 'image/svg+xml' }), 400, /not a PNG, JPEG/],
      ['empty file', await upload(Buffer.alloc(0)), 400, /Choose a file/],
      ['picture over 5 MB', await upload(bigImage), 413, /Pictures may be at most 5 MB/],
      ['video over 50 MB', await upload(bigVideo, { type: 'video/mp4' }), 413, /Videos may be at most 50 MB/],
    ];
    const json = await t.injectAs('practitioner', {
      method: 'POST',
      url: '/api/exercises/media',
      payload: { file: 'x' },
    });
    cases.push(['json', json, 415, /multipart\/form-data/]);
    const broken = await t.injectAs('practitioner', {
      method: 'POST',
      url: '/api/exercises/media',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    cases.push(['cut-off multipart', broken, 400, /./]);
    for (const [name, response, status, message] of cases) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json().message, name).toMatch(message);
    }
    expect({ rows: await storedCount(), files: await filesOnDisk() }).toEqual(before);
  }, 60_000);
});

describe('serving exercise media', () => {
  it('serves a library picture to patients and the clinic with its type, nosniff, inline name and private caching', async () => {
    const media = await uploadAs(t, 'practitioner', { filename: 'Knee bend <1>;.png' });
    await exerciseAs(t, 'practitioner', { mediaFileId: media.id });
    for (const role of ['patient', 'practitioner', 'staff', 'admin'] as const) {
      const response = await t.injectAs(role, { method: 'GET', url: media.url });
      expect(response.statusCode, role).toBe(200);
      expect(response.rawPayload.equals(PNG), role).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline; filename="Knee bend 1.png"',
        'cache-control': 'private, max-age=86400, immutable',
        'accept-ranges': 'bytes',
      });
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
    expect((await t.injectAs('member', { method: 'GET', url: media.url })).statusCode).toBe(403);
    expect((await t.injectAs('visitor', { method: 'GET', url: media.url })).statusCode).toBe(401);
    const again = await t.injectAs('patient', {
      method: 'GET',
      url: media.url,
      headers: { 'if-none-match': `"${media.sha256}"` },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers byte ranges of a video, and 416 for a range past its end', async () => {
    const bytes = mp4(100_000);
    bytes.write('MIDDLE', 50_000);
    const media = await uploadAs(t, 'staff', { bytes, filename: 'clip.mp4' });
    await exerciseAs(t, 'staff', { mediaFileId: media.id });
    const part = await t.injectAs('patient', {
      method: 'GET',
      url: media.url,
      headers: { range: 'bytes=50000-50005' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('MIDDLE');
    expect(part.headers).toMatchObject({
      'content-range': 'bytes 50000-50005/100000',
      'content-length': '6',
    });
    const past = await t.injectAs('patient', {
      method: 'GET',
      url: media.url,
      headers: { range: 'bytes=200000-' },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */100000');
  });

  it('keeps a file no exercise shows to its uploader, and answers 404 for any other id', async () => {
    const loose = await uploadAs(t, 'practitioner');
    expect((await t.injectAs('practitioner', { method: 'GET', url: loose.url })).statusCode).toBe(200);
    for (const role of ['patient', 'staff', 'admin'] as const) {
      expect((await t.injectAs(role, { method: 'GET', url: loose.url })).statusCode, role).toBe(404);
    }
    const missing = await t.injectAs('patient', {
      method: 'GET',
      url: '/api/exercises/media/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('ranges and names', () => {
  it('reads one byte range of each form and leaves others to a whole answer', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange(undefined, 100)).toBeUndefined();
  });

  it('keeps header-safe characters of a name only', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etcpasswd');
    expect(safeFileName('Übung "1";\r\n.png')).toBe('Ubung 1.png');
    expect(safeFileName('…')).toBe('exercise-media');
  });
});
