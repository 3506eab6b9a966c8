import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions } from '../../../shared/version';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ minSupportedVersion: '0.9.0' });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers status, database and version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', version: t.ctx.config.version });
  });
});

describe('GET /api/version/check', () => {
  it('answers the running build as the latest version, with its changelog', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version/check?currentVersion=1.0.0' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      currentVersion: '1.0.0',
      latestVersion: t.ctx.config.version,
      forceUpdate: false,
    });
    expect(body.changelog.length).toBeGreaterThan(0);
  });

  it('forces the update of a client below the minimum supported version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version/check?currentVersion=0.8.9' });
    expect(response.json().forceUpdate).toBe(true);
  });

  it('reports the version a deployment stamps with APP_VERSION as the latest, and forces clients below the minimum', async () => {
    const stamped = loadConfig({ NODE_ENV: 'test', APP_VERSION: '99.0.0', MIN_SUPPORTED_VERSION: '99.0.0' });
    expect(stamped.version).toBe('99.0.0');
    const deployed = await createTestApp({
      version: stamped.version,
      minSupportedVersion: stamped.minSupportedVersion,
    });
    try {
      const response = await deployed.app.inject({
        method: 'GET',
        url: '/api/version/check?currentVersion=1.0.0',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        currentVersion: '1.0.0',
        latestVersion: '99.0.0',
        forceUpdate: true,
      });
      const current = await deployed.app.inject({
        method: 'GET',
        url: '/api/version/check?currentVersion=99.0.0',
      });
      expect(current.json()).toMatchObject({ latestVersion: '99.0.0', forceUpdate: false });
    } finally {
      await deployed.close();
    }
  });

  it('refuses a version that is not dot-separated numbers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version/check?currentVersion=latest' });
    expect(response.statusCode).toBe(400);
  });
});

describe('compareVersions', () => {
  it('compares dot-separated numbers part by part', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
  });
});

describe('unknown paths', () => {
  it('answers a JSON 404 under /api', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No route for GET /api/nothing-here');
  });

  it('serves the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user-preferences']),
    );
  });
});
