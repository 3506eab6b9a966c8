import { randomBytes } from 'node:crypto';
import type { Exercise, MediaFile } from '../../../shared/exercise-library';
import type { Role } from '../../../shared/roles';
import type { TestApp } from '../../test/app';

/** A 1×1 PNG: what file-type must recognise by its bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The opening of an MP4 (an ftyp box), padded to a size. */
export function mp4(size: number) {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'ascii'),
  ]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, options: { filename?: string; type?: string } = {}) {
  const boundary = `----clinic${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'picture.png'}"\r\n` +
        `Content-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function turnOnCareBetweenVisits(t: TestApp, on = true) {
  const response = await t.injectAs('admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { careBetweenVisits: on },
  });
  if (response.statusCode !== 200) throw new Error(`features: ${response.body}`);
}

export async function uploadAs(
  t: TestApp,
  role: Role,
  { bytes = PNG, filename = 'picture.png' }: { bytes?: Buffer; filename?: string } = {},
) {
  const response = await t.injectAs(role, {
    method: 'POST',
    url: '/api/exercises/media',
    ...multipartFile(bytes, { filename }),
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  return response.json<MediaFile>();
}

let serial = 0;
export async function exerciseAs(t: TestApp, role: Role, overrides: Record<string, unknown> = {}) {
  const response = await t.injectAs(role, {
    method: 'POST',
    url: '/api/exercises',
    payload: {
      name: `Test exercise ${++serial} ${randomBytes(3).toString('hex')}`,
      bodyRegion: 'knee',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`exercise: ${response.body}`);
  return response.json<Exercise>();
}
