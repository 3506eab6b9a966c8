import { z } from 'zod';

export const ROLES = ['patient', 'practitioner', 'staff', 'admin', 'member'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles a visitor may choose when registering; the others come from an admin or the CLI. */
export const SELF_REGISTER_ROLES = ['patient', 'member'] as const;

export const ROLE_LABELS: Record<Role, string> = {
  patient: 'Patient',
  practitioner: 'Practitioner',
  staff: 'Staff',
  admin: 'Admin',
  member: 'Member',
};
