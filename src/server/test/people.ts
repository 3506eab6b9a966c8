import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/roles';
import { createAccount } from '../features/accounts/service';
import type { TestApp } from './app';

export type TestPerson = {
  id: string;
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
};

/** An account of any role (registration offers only some), signed in. */
export async function createPerson(
  t: TestApp,
  role: Role,
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestPerson> {
  const email = `${role}-${randomBytes(5).toString('hex')}@example.test`;
  const password = 'correct-horse-1';
  const firstName = names.firstName ?? 'Casey';
  const lastName = names.lastName ?? `Person${randomBytes(3).toString('hex')}`;
  await createAccount(t.database.db, { email, password, firstName, lastName, role }, { actorId: null });
  const { token, user } = await t.login(email, password);
  return { id: user.id, token, email, firstName, lastName, role };
}

/** The demo account of a role as a TestPerson, for calls that need its id and token together. */
export async function demoPerson(t: TestApp, role: Role): Promise<TestPerson> {
  const token = await t.tokenOf(role);
  const me = await t.injectAs(role, { method: 'GET', url: '/api/auth/me' });
  const { user } = me.json();
  return { id: user.id, token, email: user.email, firstName: user.firstName, lastName: user.lastName, role };
}
