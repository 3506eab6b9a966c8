import type { TestApp } from '../../test/app';

/** The admin-side calls the people tests share; takes the app lazily because tests make it in beforeAll. */
export function adminHelpers(app: () => TestApp) {
  const asAdmin = (request: Parameters<TestApp['injectAs']>[1]) => app().injectAs('admin', request);
  const unique = () => Math.random().toString(36).slice(2, 8);
  const linkIn = (body: string) => /\/reset-password\?token=([^\s]+)/.exec(body)?.[1];

  async function create(role: string, overrides: Record<string, unknown> = {}) {
    const email = `new-${unique()}@example.test`;
    const response = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        role,
        firstName: 'Jordan',
        lastName: `Vale${unique()}`,
        email,
        phone: '+44 20 7946 0000',
        ...overrides,
      },
    });
    return { response, email };
  }

  return { asAdmin, unique, linkIn, create };
}
