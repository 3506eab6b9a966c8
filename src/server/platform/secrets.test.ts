import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DATA_KEY_FILE, dataEncryptionKey, matchesHash, open, seal, sha256 } from './secrets';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the data encryption key', () => {
  it('is DATA_ENCRYPTION_KEY when set, checked to be base64 of 32 bytes', () => {
    const key = randomBytes(32);
    const config = loadConfig({ DATA_ENCRYPTION_KEY: key.toString('base64') });
    expect(config.dataEncryptionKey?.equals(key)).toBe(true);
    expect(dataEncryptionKey({ ...config, dataDir: freshDir() }).equals(key)).toBe(true);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'not base64 at all!' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(loadConfig({}).dataEncryptionKey).toBeUndefined();
  });

  it('is made once without it, kept in DATA_DIR readable by its owner only, and the same ever after', () => {
    const dataDir = join(freshDir(), 'nested');
    const first = dataEncryptionKey({ dataEncryptionKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    const path = join(dataDir, DATA_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(dataEncryptionKey({ dataEncryptionKey: undefined, dataDir }).equals(first)).toBe(true);
  });
});

describe('sealing', () => {
  const key = randomBytes(32);

  it('opens with the same key and purpose only, and never seals the same way twice', () => {
    const one = seal(key, 'printful.api_key', 'pf-secret-token');
    const two = seal(key, 'printful.api_key', 'pf-secret-token');
    expect(one.iv).not.toBe(two.iv);
    expect(one.ciphertext).not.toBe(two.ciphertext);
    expect(open(key, 'printful.api_key', one)).toBe('pf-secret-token');
    expect(open(randomBytes(32), 'printful.api_key', one)).toBeNull();
    expect(open(key, 'another.purpose', one)).toBeNull();
    const altered = Buffer.from(one.ciphertext, 'base64');
    altered[0] ^= 1;
    expect(open(key, 'printful.api_key', { ...one, ciphertext: altered.toString('base64') })).toBeNull();
  });

  it('matches a presented secret against its stored hash', () => {
    const stored = sha256('webhook-secret');
    expect(matchesHash('webhook-secret', stored)).toBe(true);
    expect(matchesHash('webhook-secreT', stored)).toBe(false);
    expect(matchesHash('', stored)).toBe(false);
  });
});
