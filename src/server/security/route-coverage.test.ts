import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedRoutes } from '../test/access-matrix';
import { createTestApp, type TestApp } from '../test/app';

/**
 * The authorization matrix covers every route of the app. Each access-matrix test file writes down, for the
 * routes under the prefixes it claims, the status every caller gets on their own record, another's and a
 * missing one, and checks that its rows are exactly the routes served under those prefixes
 * (`servedRoutes(t.routes, '/api/…')`). This test finds every such claim and checks that together they leave
 * no route of the API out, so a new route without a written-down answer fails here.
 */

const SERVER = join(import.meta.dirname, '..');

function matrixFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return matrixFiles(path);
    return /access-matrix.*\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Prefix → the files that claim it. */
function claims() {
  const claimed = new Map<string, string[]>();
  for (const file of matrixFiles(SERVER)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/servedRoutes\(\s*t\.routes,\s*'([^']+)'/g)) {
      const files = claimed.get(match[1]) ?? [];
      files.push(relative(SERVER, file));
      claimed.set(match[1], files);
    }
  }
  return claimed;
}

/** Documentation and the liveness probe are the same for everyone and hold no record. */
const OPEN_TO_ALL = ['/api/docs', '/api/health', '/api/version'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the authorization matrix', () => {
  it('has a written-down row for every route the API serves', () => {
    const prefixes = [...claims().keys()];
    const uncovered = servedRoutes(t.routes, '/api/').filter((route) => {
      const url = route.slice(route.indexOf(' ') + 1);
      if (OPEN_TO_ALL.some((open) => url.startsWith(open))) return false;
      return !prefixes.some(
        (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}.`),
      );
    });
    expect(uncovered).toEqual([]);
  });
});
