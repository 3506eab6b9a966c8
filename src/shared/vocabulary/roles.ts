// The roles of the clinic and how they are shown.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

export const ROLES = ['patient', 'practitioner', 'staff', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may choose when registering; the others come from an admin or the CLI. */
export const SELF_REGISTER_ROLES = ['patient', 'member'] as const;

export const ROLE_LABELS: Record<Role, string> = {
  patient: 'Patient',
  practitioner: 'Practitioner',
  staff: 'Staff',
  admin: 'Admin',
  member: 'Member',
};
