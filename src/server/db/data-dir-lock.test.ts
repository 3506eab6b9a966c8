import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  it('refuses a directory that a running process holds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-lock-'));
    writeFileSync(join(dir, 'clinic.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another clinic process/);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-lock-'));
    writeFileSync(join(dir, 'clinic.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'clinic.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });
});
