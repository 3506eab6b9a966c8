import type { Role } from '../../../shared/roles';

/**
 * Who may write to whom. 'care-team' means only when the practitioner looks after the patient. The table
 * is symmetric, so whoever receives a message can always answer it.
 */
export type Reach = 'always' | 'care-team' | 'never';

const REACH: Record<Role, Record<Role, Reach>> = {
  patient: { patient: 'never', practitioner: 'care-team', staff: 'always', admin: 'always', member: 'never' },
  practitioner: {
    patient: 'care-team',
    practitioner: 'always',
    staff: 'always',
    admin: 'always',
    member: 'never',
  },
  staff: { patient: 'always', practitioner: 'always', staff: 'always', admin: 'always', member: 'always' },
  admin: { patient: 'always', practitioner: 'always', staff: 'always', admin: 'always', member: 'always' },
  member: { patient: 'never', practitioner: 'never', staff: 'always', admin: 'always', member: 'never' },
};

export function reachBetween(from: Role, to: Role): Reach {
  return REACH[from][to];
}

type Person = { id: string; role: Role };

/** The whole rule: never oneself, and care-team pairs only when linked. */
export function mayWrite(from: Person, to: Person, onSameCareTeam: boolean): boolean {
  if (from.id === to.id) return false;
  const reach = reachBetween(from.role, to.role);
  return reach === 'always' || (reach === 'care-team' && onSameCareTeam);
}

/** The roles a person reaches without a care-team link, and those reached through one. */
export function reachableRoles(from: Role) {
  const entries = Object.entries(REACH[from]) as Array<[Role, Reach]>;
  return {
    always: entries.filter(([, reach]) => reach === 'always').map(([role]) => role),
    careTeam: entries.filter(([, reach]) => reach === 'care-team').map(([role]) => role),
  };
}
