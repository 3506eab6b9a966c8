import type { Role } from './roles';

/** The typed vocabulary of what a role may do; routes declare one, the browser only hides what it cannot do. */
export const PERMISSIONS = [
  'manage:users:any',
  'read:adminArea:any',
  'read:memberArea:own',
  'read:reports:clinic',
  'read:reports:own',
  'read:patients:assigned',
  'read:patients:any',
  'read:patients:own',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  patient: ['read:patients:own'],
  practitioner: ['read:patients:assigned', 'read:reports:own'],
  staff: ['read:patients:any', 'read:reports:clinic'],
  admin: ['read:patients:any', 'read:reports:clinic', 'read:adminArea:any', 'manage:users:any'],
  member: ['read:memberArea:own'],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
