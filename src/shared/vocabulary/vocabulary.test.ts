// The vocabulary modules stay free of imports, zod above all: the web build keeps them out of the schemas' chunk
// (vite.config.ts), and the signed-in shell and dashboard load them without loading a schema (the dashboard's
// bundle budget in scripts/bundle-budget.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('./', import.meta.url);
const modules = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

describe('shared vocabulary', () => {
  it('has the modules the shell and the dashboard read', () => {
    expect(modules.sort()).toEqual(
      expect.arrayContaining([
        'dashboard.ts',
        'notifications.ts',
        'preferences.ts',
        'roles.ts',
        'scheduling.ts',
      ]),
    );
  });

  it.each(modules)('%s imports nothing', (file) => {
    const source = readFileSync(new URL(file, folder), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b/m);
  });

  it("checks the version answer as the server's schema does", async () => {
    const { VersionInfoSchema, isVersionInfo } = await import('../version');
    const valid = {
      currentVersion: '1.0.0',
      latestVersion: '1.1.0',
      changelog: ['Faster'],
      forceUpdate: false,
    };
    const samples: unknown[] = [
      valid,
      { ...valid, changelog: [] },
      { ...valid, changelog: [1] },
      { ...valid, forceUpdate: 'no' },
      { ...valid, latestVersion: undefined },
      { currentVersion: '1.0.0' },
      null,
      [],
      'valid',
    ];
    for (const sample of samples)
      expect(isVersionInfo(sample), JSON.stringify(sample)).toBe(VersionInfoSchema.safeParse(sample).success);
    expect(isVersionInfo(valid)).toBe(true);
  });

  it('is what the schema modules re-export, so the server reads the same values', async () => {
    const [scheduling, words] = await Promise.all([import('../scheduling'), import('./scheduling')]);
    expect(scheduling.APPOINTMENT_STATUSES).toBe(words.APPOINTMENT_STATUSES);
    expect(scheduling.AppointmentStatusSchema.options).toEqual([...words.APPOINTMENT_STATUSES]);
  });
});
