import type { MeResponse, User } from '../../shared/auth';
import type { Role } from '../../shared/vocabulary/roles';

const NAMES: Record<Role, [string, string]> = {
  patient: ['Pat', 'Morgan'],
  practitioner: ['Riley', 'Chen'],
  staff: ['Sam', 'Ortiz'],
  admin: ['Alex', 'Kim'],
  member: ['Jordan', 'Lee'],
};

export function userWithRole(role: Role): User {
  const [firstName, lastName] = NAMES[role];
  return {
    id: `00000000-0000-4000-8000-00000000000${Object.keys(NAMES).indexOf(role)}`,
    email: `${role}@demo.clinic`,
    firstName,
    lastName,
    role,
    profileImage: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

export function meFor(role: Role): MeResponse {
  const user = userWithRole(role);
  return { user, profile: { userId: user.id, phone: null, timeZone: null } };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
