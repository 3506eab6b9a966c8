import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../shared/roles';
import { mayWrite, reachableRoles, reachBetween } from './who-may-write';

// [from, to, without a care-team link, with one]
const CASES: Array<[Role, Role, boolean, boolean]> = [
  ['patient', 'patient', false, false],
  ['patient', 'practitioner', false, true],
  ['patient', 'staff', true, true],
  ['patient', 'admin', true, true],
  ['patient', 'member', false, false],
  ['practitioner', 'patient', false, true],
  ['practitioner', 'practitioner', true, true],
  ['practitioner', 'staff', true, true],
  ['practitioner', 'admin', true, true],
  ['practitioner', 'member', false, false],
  ['staff', 'patient', true, true],
  ['staff', 'practitioner', true, true],
  ['staff', 'staff', true, true],
  ['staff', 'admin', true, true],
  ['staff', 'member', true, true],
  ['admin', 'patient', true, true],
  ['admin', 'practitioner', true, true],
  ['admin', 'staff', true, true],
  ['admin', 'admin', true, true],
  ['admin', 'member', true, true],
  ['member', 'patient', false, false],
  ['member', 'practitioner', false, false],
  ['member', 'staff', true, true],
  ['member', 'admin', true, true],
  ['member', 'member', false, false],
];

describe('who may write to whom', () => {
  it('covers every pair of roles exactly once', () => {
    expect(CASES).toHaveLength(ROLES.length * ROLES.length);
    const pairs = new Set(CASES.map(([from, to]) => `${from}>${to}`));
    expect(pairs.size).toBe(CASES.length);
  });

  it.each(CASES)('%s to %s: %s without a care-team link, %s with one', (from, to, unlinked, linked) => {
    const a = { id: 'a', role: from };
    const b = { id: 'b', role: to };
    expect(mayWrite(a, b, false)).toBe(unlinked);
    expect(mayWrite(a, b, true)).toBe(linked);
  });

  it('is symmetric, so a reply is always allowed', () => {
    for (const from of ROLES)
      for (const to of ROLES) expect(reachBetween(from, to), `${from}/${to}`).toBe(reachBetween(to, from));
  });

  it('never lets anyone write to themselves, whatever the role', () => {
    for (const role of ROLES) expect(mayWrite({ id: 'x', role }, { id: 'x', role }, true)).toBe(false);
  });

  it('names the roles reached directly and through the care team', () => {
    expect(reachableRoles('patient')).toEqual({ always: ['staff', 'admin'], careTeam: ['practitioner'] });
    expect(reachableRoles('member')).toEqual({ always: ['staff', 'admin'], careTeam: [] });
    expect(reachableRoles('admin').always).toEqual([...ROLES]);
  });
});
