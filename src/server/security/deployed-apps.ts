import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from '../test/app';

export const PAGE = '<!doctype html><title>Clinic Portal</title><div id="root"></div>';
export const FOREIGN = 'https://evil.example';

/**
 * The plain test app, and an instance as deployed: a built web app, behind a TLS-terminating proxy it
 * trusts (TRUST_PROXY=true), without the API's description (API_DOCS's default), with the sign-in limits
 * low enough to reach (5 auth calls a minute per address, 3 failures per account). Shared by the header and
 * the limits tests so both run against the same two setups.
 */
export async function startApps() {
  const webDistDir = mkdtempSync(join(tmpdir(), 'clinic-headers-'));
  writeFileSync(join(webDistDir, 'index.html'), PAGE);
  const [t, proxied] = await Promise.all([
    createTestApp(),
    createTestApp({
      webDistDir,
      trustProxy: true,
      apiDocs: false,
      authRateLimitPerMinute: 5,
      authAccountFailuresPer15Minutes: 3,
    }),
  ]);
  const close = async () => {
    await Promise.all([t.close(), proxied.close()]);
    rmSync(webDistDir, { recursive: true, force: true });
  };
  return { t, proxied, close };
}
