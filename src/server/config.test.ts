import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('seeds the demo clinic on the embedded database unless SEED=none', () => {
    expect(loadConfig({}).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
  });

  it('seeds nothing on a PostgreSQL server unless SEED=demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic' }).seed).toBe('none');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic', SEED: 'demo' }).seed).toBe('demo');
  });

  it('defaults to port 3000 and ./data, and lets PORT override', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(loadConfig({ PORT: '4100' }).port).toBe(4100);
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
  });

  it('refuses nonsense with a message that names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED: 'lots' })).toThrow(/SEED/);
    expect(() => loadConfig({ APP_URL: 'clinic.example' })).toThrow(/APP_URL: an http or https address/);
    expect(() => loadConfig({ APP_URL: 'javascript:alert(1)' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ API_DOCS: 'admins' })).toThrow(/API_DOCS/);
  });

  it('serves the API description only with API_DOCS=on, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'production', 'test']) {
      expect(loadConfig({ NODE_ENV }).apiDocs, NODE_ENV).toBe(false);
      expect(loadConfig({ NODE_ENV, API_DOCS: 'on' }).apiDocs, NODE_ENV).toBe(true);
      expect(loadConfig({ NODE_ENV, API_DOCS: 'off' }).apiDocs, NODE_ENV).toBe(false);
    }
  });
});

describe('empty variables', () => {
  it('count as unset', () => {
    expect(loadConfig({ SEED: '', PORT: '', DATABASE_URL: '' })).toMatchObject({ seed: 'demo', port: 3000 });
  });
});
