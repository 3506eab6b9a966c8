import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import type { AuthResponse, User } from '../../src/shared/auth';
import type { Role } from '../../src/shared/roles';

export { DEMO_PASSWORD };

export function demoAccount(role: Role) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<AuthResponse> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
}

export type Throwaway = { email: string; password: string; token: string; user: User };

/** A fresh account for journeys that change or end sessions, so demo accounts stay untouched. */
export async function registerThrowaway(
  request: APIRequestContext,
  options: { role?: 'patient' | 'member'; firstName?: string } = {},
): Promise<Throwaway> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Throwaway!2026';
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password,
      firstName: options.firstName ?? 'Taylor',
      lastName: 'Tester',
      role: options.role ?? 'patient',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token, user } = (await response.json()) as AuthResponse;
  return { email, password, token, user };
}

export async function deactivate(request: APIRequestContext, userId: string): Promise<void> {
  const admin = await apiLogin(request, demoAccount('admin').email, DEMO_PASSWORD);
  const response = await request.post(`/api/admin/users/${userId}/deactivate`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}
