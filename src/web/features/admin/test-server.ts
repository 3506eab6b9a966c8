import type { z } from 'zod';
import {
  type ActivityEntry,
  ADMIN_ERRORS,
  type AdminOverview,
  type AdminUser,
  ChangeRoleInputSchema,
  CreateUserInputSchema,
  UpdateUserInputSchema,
} from '../../../shared/admin';
import type { Role } from '../../../shared/vocabulary/roles';
import { jsonResponse, userWithRole } from '../../test/fixtures';
import { nextId } from '../../test/live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return jsonResponse({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = nextId();
  return {
    id,
    email: `person-${id.slice(-6)}@example.test`,
    firstName: 'Casey',
    lastName: 'Reed',
    role: 'staff',
    profileImage: null,
    isActive: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    phone: null,
    deactivatedAt: null,
    ...overrides,
  };
}

export function activityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: String(Math.floor(Math.random() * 1e9)),
    createdAt: '2026-11-23T10:00:00.000Z',
    actorId: userWithRole('admin').id,
    actorName: 'Alex Kim',
    action: 'account.deactivated',
    entityType: 'user',
    entityId: nextId(),
    outcome: 'success',
    ipAddress: '127.0.0.1',
    details: null,
    ...overrides,
  };
}

export const OVERVIEW: AdminOverview = {
  people: [
    { role: 'patient', active: 120, inactive: 3 },
    { role: 'practitioner', active: 6, inactive: 0 },
    { role: 'staff', active: 4, inactive: 1 },
    { role: 'admin', active: 2, inactive: 0 },
    { role: 'member', active: 40, inactive: 2 },
  ],
  today: {
    day: '2026-11-23',
    timeZone: 'Europe/London',
    entries: 57,
    failures: 2,
    latest: [activityEntry({ action: 'auth.login', actorName: 'Riley Chen' })],
  },
  paymentsThisMonth: { month: '2026-11', amountCents: 123_450, count: 9 },
  health: {
    database: 'ok',
    bus: { status: 'ok', kind: 'in-process' },
    jobs: { queued: 3, overdue: 0, failed: 1 },
    email: { mode: 'outbox', failedToday: 0 },
    payments: { provider: 'test' },
    version: '1.4.0',
  },
};

/** Answers the admin calls like the server: contract validation, the last-admin and self rules, paging by 2. */
export function fakeAdminServer(state: { users?: AdminUser[]; activity?: ActivityEntry[] } = {}) {
  const me = { ...userWithRole('admin'), phone: null, deactivatedAt: null } satisfies AdminUser;
  const users = [me, ...(state.users ?? [])];
  const activity = state.activity ?? [];
  const calls: Call[] = [];
  const PAGE = 2;

  const handle = ({ method, url, body }: Call) => {
    if (!url.startsWith('/api/admin')) return undefined;
    calls.push({ method, url, body });
    const [path, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    if (method === 'GET' && path === '/api/admin/overview') return jsonResponse(OVERVIEW);
    if (method === 'GET' && path === '/api/admin/users') {
      const term = (query.get('search') ?? '').toLowerCase();
      const status = query.get('status');
      const matching = users
        .filter((user) => user.role === query.get('role'))
        .filter(
          (user) => !term || `${user.firstName} ${user.lastName} ${user.email}`.toLowerCase().includes(term),
        )
        .filter((user) => !status || user.isActive === (status === 'active'))
        .sort((a, b) => a.lastName.localeCompare(b.lastName));
      const cursor = query.get('cursor');
      const start = cursor ? matching.findIndex((user) => user.id === cursor) + 1 : 0;
      const items = matching.slice(start, start + PAGE);
      return jsonResponse({ items, nextCursor: matching.length > start + PAGE ? items.at(-1)!.id : null });
    }
    if (method === 'POST' && path === '/api/admin/users') {
      const parsed = CreateUserInputSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      if (users.some((user) => user.email === parsed.data.email)) {
        const message = 'An account with this email already exists';
        return jsonResponse({ message, fields: { email: message } }, 400);
      }
      const user = adminUser({ ...parsed.data, phone: parsed.data.phone || null });
      users.push(user);
      return jsonResponse({ user }, 201);
    }
    const match = /^\/api\/admin\/users\/([^/]+)(?:\/([a-z-]+))?$/.exec(path);
    if (match) {
      const user = users.find((candidate) => candidate.id === match[1]);
      if (!user) return jsonResponse({ message: ADMIN_ERRORS.userNotFound }, 404);
      const action = match[2];
      if (method === 'PATCH' && !action) {
        const parsed = UpdateUserInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        Object.assign(user, { ...parsed.data, phone: parsed.data.phone || null });
        return jsonResponse({ user });
      }
      if (method === 'PUT' && action === 'role') {
        const parsed = ChangeRoleInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        if (user.id === me.id) return jsonResponse({ message: ADMIN_ERRORS.selfRole }, 400);
        const activeAdmins = users.filter((candidate) => candidate.role === 'admin' && candidate.isActive);
        if (user.role === 'admin' && activeAdmins.length <= 1)
          return jsonResponse({ message: ADMIN_ERRORS.lastAdminDemote }, 409);
        user.role = parsed.data.role as Role;
        return jsonResponse({ user });
      }
      if (method === 'POST' && action === 'password-reset')
        return jsonResponse({ message: `A password reset link was sent to ${user.email}` });
      if (method === 'POST' && (action === 'deactivate' || action === 'reactivate')) {
        user.isActive = action === 'reactivate';
        return jsonResponse({ user });
      }
    }
    if (method === 'GET' && path === '/api/admin/activity') {
      const prefix = query.get('action') ?? '';
      const items = activity.filter((entry) => entry.action.startsWith(prefix));
      return jsonResponse({ items, nextCursor: null });
    }
    if (method === 'GET' && path === '/api/admin/activity/export')
      return new Response('"Time","Actor"\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="activity-2026-11-23.csv"',
        },
      });
    return jsonResponse({ message: 'Not found' }, 404);
  };

  return { handle, calls, users, me };
}
