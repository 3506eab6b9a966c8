import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSecurityHeaders } from './security-headers';
import { serveWebApp } from './static-web';

const script = `console.log(${JSON.stringify('the clinic '.repeat(200))});`;
const page = '<!doctype html><title>Clinic Portal</title><div id="root"></div>';

let distDir: string;
let app: FastifyInstance;

/** A build as scripts/precompress.ts leaves it: each text file with its .br and .gz copies. */
function writeWithCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'clinic-static-web-'));
  mkdirSync(join(distDir, 'assets'));
  writeWithCopies(join(distDir, 'index.html'), page);
  writeWithCopies(join(distDir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  // As the app registers them: no answer is stored unless its route says so, and these files say so.
  sendSecurityHeaders(app, {});
  await serveWebApp(app, distDir, { 'permissions-policy': 'geolocation=()' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends a hashed script brotli-compressed to a browser that takes brotli, cached for good', async () => {
    const response = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['permissions-policy']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip, then to the file as written', async () => {
    const gzipped = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends the page for the app's own routes compressed and never from a cache unchecked", async () => {
    for (const url of ['/login', '/index.html']) {
      const response = await app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['permissions-policy']).toBe('geolocation=()');
    }
  });

  it('keeps other public files for an hour, as written when there is no compressed copy', async () => {
    const response = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
