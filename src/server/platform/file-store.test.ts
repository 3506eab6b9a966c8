import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createFileStore, type FileStore, localFileStore, s3FileStore } from './file-store';

const text = async (body: Readable | null) => {
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** What every store does, whatever keeps the bytes. */
async function behavesAsAStore(store: FileStore) {
  await store.put('exercise-media/one', Buffer.from('0123456789'), {
    contentType: 'image/png',
    byteSize: 10,
  });
  await store.put('exercise-media/two', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), {
    contentType: 'video/mp4',
    byteSize: 4,
  });
  expect(await text(await store.get('exercise-media/one'))).toBe('0123456789');
  expect(await text(await store.get('exercise-media/two'))).toBe('abcd');
  expect(await text(await store.get('exercise-media/one', { start: 3, end: 5 }))).toBe('345');
  expect(await store.get('exercise-media/none')).toBeNull();
  await store.delete('exercise-media/one');
  await store.delete('exercise-media/one');
  expect(await store.get('exercise-media/one')).toBeNull();
  for (const key of ['../escape', '/absolute', 'exercise-media/../../x', 'UPPER', '']) {
    await expect(
      store.put(key, Buffer.from('x'), { contentType: 'image/png', byteSize: 1 }),
      key,
    ).rejects.toThrow(/Invalid file store key/);
  }
}

describe('the local file store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clinic-store-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts, reads (whole and by range) and deletes files under its directory, leaving no partial files', async () => {
    await behavesAsAStore(localFileStore(dir));
    expect(await readdir(join(dir, 'exercise-media'))).toEqual(['two']);
    expect(await readFile(join(dir, 'exercise-media', 'two'), 'utf8')).toBe('abcd');
  });

  it('keeps nothing of a write that failed part way', async () => {
    const store = localFileStore(dir);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(
      store.put('exercise-media/broken', failing, { contentType: 'image/png', byteSize: 8 }),
    ).rejects.toThrow('connection lost');
    expect(await readdir(join(dir, 'exercise-media'))).toEqual(['two']);
  });

  it('is DATA_DIR/files by default and never inside the web app', () => {
    const config = loadConfig({ DATA_DIR: '/srv/clinic' });
    expect(config.fileStore).toEqual({ kind: 'local', dir: '/srv/clinic/files' });
    expect(() =>
      createFileStore({ fileStore: { kind: 'local', dir: '/srv/web/files' }, webDistDir: '/srv/web' }),
    ).toThrow(/must not be inside the web app/);
  });
});

/**
 * S3 through the real SDK against a small S3-like server in this process: it keeps objects in a map and
 * records each request, so the test checks what the SDK signs and sends (method, path-style address, body,
 * content type and length, a SigV4 signature over the named headers with our key and region). It does not
 * check the signature's value, nor the many behaviours of a real S3 beyond put, get, range and delete.
 */
describe('the S3 file store', () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  let server: Server;
  let endpoint: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({ method: request.method!, url: request.url!, headers: request.headers });
        const key = decodeURIComponent(new URL(request.url!, 'http://s3').pathname);
        if (request.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(request.headers['content-type']) });
          response.writeHead(200, { etag: '"1"' }).end();
        } else if (request.method === 'DELETE') {
          objects.delete(key);
          response.writeHead(204).end();
        } else if (request.method === 'GET') {
          const found = objects.get(key);
          if (!found) {
            response
              .writeHead(404, { 'content-type': 'application/xml' })
              .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
            return;
          }
          const range = /bytes=(\d+)-(\d+)/.exec(String(request.headers.range ?? ''));
          const body = range ? found.body.subarray(Number(range[1]), Number(range[2]) + 1) : found.body;
          response
            .writeHead(range ? 206 : 200, { 'content-type': found.type, 'content-length': body.length })
            .end(body);
        } else response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is chosen by S3_BUCKET, with the endpoint, region and keys from the environment', () => {
    const config = loadConfig({
      S3_BUCKET: 'clinic-files',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIDCLINIC',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    });
    expect(config.fileStore).toEqual({
      kind: 's3',
      bucket: 'clinic-files',
      endpoint,
      region: 'eu-west-2',
      credentials: { accessKeyId: 'AKIDCLINIC', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
    });
  });

  it('puts, gets, ranges and deletes objects with signed, path-style requests', async () => {
    const config = loadConfig({
      S3_BUCKET: 'clinic-files',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIDCLINIC',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    });
    if (config.fileStore.kind !== 's3') throw new Error('expected S3');
    const store = s3FileStore(config.fileStore);
    await behavesAsAStore(store);

    const put = requests.find(
      (request) => request.method === 'PUT' && request.url.includes('exercise-media/one'),
    )!;
    expect(put.url.startsWith('/clinic-files/exercise-media/one')).toBe(true);
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.headers['content-length']).toBe('10');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDCLINIC\/\d{8}\/eu-west-2\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-content-sha256[^,]*x-amz-date[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toBeTruthy();
    const ranged = requests.find((request) => request.method === 'GET' && request.headers.range);
    expect(ranged?.headers.range).toBe('bytes=3-5');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    // Invalid keys never leave the process.
    expect(requests.every((request) => !request.url.includes('escape'))).toBe(true);
  });
});
