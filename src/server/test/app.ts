import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import type { AuthResponse } from '../../shared/auth';
import type { Role } from '../../shared/roles';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/demo-accounts';
import { seedDemo } from '../db/seed';
import { localFileStore } from '../platform/file-store';
import { openTestDatabase } from './database';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on a database of its own with the demo accounts seeded (one per role, and the demo patient's
 * notes); `clinic: true` seeds the whole demo clinic as `npm start` does. close() drops it all.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { clinic?: boolean } = {}) {
  const database = await openTestDatabase();
  // Each app keeps its uploaded files in a directory of its own, removed by close().
  const filesDir = await mkdtemp(join(tmpdir(), 'clinic-files-'));
  const files = localFileStore(filesDir);
  await seedDemo(database.db, { clinic: options.clinic ?? false, files });
  const config = testConfig({
    authRateLimitPerMinute: 100_000,
    authAccountFailuresPer15Minutes: 1000,
    publicBookingReadsPerMinute: 100_000,
    publicBookingRequestsPerHour: 100_000,
    paymentCallsPerMinute: 100_000,
    ...overrides,
  });
  const { app, ctx, routes } = await buildApp({ config, database, files });
  await app.ready();
  const tokens = new Map<Role, string>();

  async function login(email: string, password: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
    return response.json<AuthResponse>();
  }

  async function tokenOf(role: Role) {
    let token = tokens.get(role);
    if (!token) {
      token = (await login(demoAccount(role).email, DEMO_PASSWORD)).token;
      tokens.set(role, token);
    }
    return token;
  }

  return {
    app,
    ctx,
    routes,
    database,
    files,
    filesDir,
    login,
    tokenOf,
    /** Injects a request as the demo account of a role, or as a visitor with 'visitor'. */
    async injectAs(role: Role | 'visitor', request: InjectOptions) {
      const headers = { ...(request.headers ?? {}) };
      if (role !== 'visitor') headers.authorization = `Bearer ${await tokenOf(role)}`;
      return app.inject({ ...request, headers });
    },
    /** Registers a fresh account through the API and returns its token and user. */
    async register(overrides: Record<string, unknown> = {}) {
      const payload = {
        email: `person-${Math.random().toString(36).slice(2)}@example.test`,
        password: 'correct-horse-1',
        firstName: 'Robin',
        lastName: 'Hale',
        ...overrides,
      };
      const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
      if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
      return { ...response.json<AuthResponse>(), password: payload.password as string };
    },
    async close() {
      await app.close();
      await database.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

export function demoAccount(role: Role) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo account for ${role}`);
  return account;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
