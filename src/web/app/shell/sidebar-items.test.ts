import { describe, expect, it } from 'vitest';
import { sidebarGroupsFor } from './sidebar-items';

const outline = (role: Parameters<typeof sidebarGroupsFor>[0]) =>
  sidebarGroupsFor(role).map((group) => ({
    group: group.label,
    items: group.items.map((item) =>
      item.disabled ? `${item.label} [disabled]` : `${item.label} -> ${item.to}`,
    ),
  }));

describe('sidebar by role', () => {
  it('gives patients My Health, My Care, My Schedule and My Account', () => {
    expect(outline('patient')).toEqual([
      { group: 'My Health', items: ['Overview -> /'] },
      {
        group: 'My Care',
        items: [
          'My Appointments -> /appointments',
          'My Notes -> /recovery-notes',
          'Telehealth (Coming Soon) [disabled]',
          'Complete Onboarding -> /patient-onboarding',
        ],
      },
      { group: 'My Schedule', items: ['My Calendar -> /calendar'] },
      {
        group: 'My Account',
        items: ['My Billing -> /billing', 'My Messages -> /messages', 'Settings -> /settings'],
      },
    ]);
  });

  it('gives practitioners treatment labels and no Reports', () => {
    expect(outline('practitioner')).toEqual([
      { group: null, items: ['Dashboard -> /'] },
      {
        group: 'Patient Care',
        items: [
          'Clients -> /clients',
          'Recovery Notes -> /recovery-notes',
          'Telehealth (Coming Soon) [disabled]',
        ],
      },
      {
        group: 'Scheduling',
        items: ['Treatment Calendar -> /calendar', 'Treatment Sessions -> /appointments'],
      },
      {
        group: 'Business Operations',
        items: ['Service Billing -> /billing', 'Messages -> /messages', 'Settings -> /settings'],
      },
    ]);
  });

  it.each(['staff', 'admin'] as const)('gives %s the plain labels and Reports', (role) => {
    expect(outline(role)).toEqual([
      { group: null, items: ['Dashboard -> /'] },
      {
        group: 'Patient Care',
        items: [
          'Clients -> /clients',
          'Recovery Notes -> /recovery-notes',
          'Telehealth (Coming Soon) [disabled]',
        ],
      },
      { group: 'Scheduling', items: ['Calendar -> /calendar', 'Appointments -> /appointments'] },
      {
        group: 'Business Operations',
        items: [
          'Billing -> /billing',
          'Messages -> /messages',
          'Reports -> /reports',
          'Settings -> /settings',
        ],
      },
    ]);
  });

  it('gives members no sidebar', () => {
    expect(sidebarGroupsFor('member')).toEqual([]);
  });
});
