import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginAsDemoAdmin, run, startServer } from './test/process';

describe('the server process', () => {
  it('seeds the demo clinic, guards its data directory, drains on SIGTERM, and the CLI works after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-main-'));
    const server = await startServer({ DATA_DIR: dataDir });
    let child: ChildProcess | undefined = server.child;
    try {
      expect(server.output()).toContain('patient@demo.clinic');
      expect(server.output()).toContain('ClinicDemo!2026');
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

      const blocked = run('src/server/cli.ts', ['migrate'], { DATA_DIR: dataDir });
      expect(await blocked.exited).toBe(1);
      expect(blocked.output()).toContain('is in use by another clinic process');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      child = undefined;
      expect(server.output()).toContain('draining and shutting down');
      expect(existsSync(join(dataDir, 'clinic.lock'))).toBe(false);

      const account = [
        '--email',
        'New.Doc@Clinic.test',
        '--password',
        'long-enough-1',
        '--role',
        'practitioner',
      ];
      const incomplete = run('src/server/cli.ts', ['create-user', ...account], { DATA_DIR: dataDir });
      expect(await incomplete.exited).toBe(1);
      expect(incomplete.output()).toContain('--first-name');
      const names = ['--first-name', 'Noor', '--last-name', 'Said'];
      const created = run('src/server/cli.ts', ['create-user', ...account, ...names], { DATA_DIR: dataDir });
      expect(await created.exited).toBe(0);
      expect(JSON.parse(created.output().slice(created.output().indexOf('{')))).toMatchObject({
        email: 'new.doc@clinic.test',
        role: 'practitioner',
        firstName: 'Noor',
      });
    } finally {
      child?.kill('SIGKILL');
    }
  }, 150_000);

  it('starts empty with SEED=none', async () => {
    const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'clinic-main-')), SEED: 'none' });
    try {
      expect(server.output()).not.toContain('Seeded the demo clinic');
      expect((await loginAsDemoAdmin(server.url)).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
