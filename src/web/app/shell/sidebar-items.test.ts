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

  it.each(['practitioner', 'staff', 'admin'] as const)(
    'adds the Exercise Library under Patient Care for %s only while care between visits is on',
    (role) => {
      const items = (on: boolean) =>
        sidebarGroupsFor(role, { careBetweenVisits: on })
          .find((group) => group.label === 'Patient Care')
          ?.items.map((item) => item.label);
      expect(items(true)).toEqual([
        'Clients',
        'Recovery Notes',
        'Exercise Library',
        'Telehealth (Coming Soon)',
      ]);
      expect(items(false)).toEqual(['Clients', 'Recovery Notes', 'Telehealth (Coming Soon)']);
    },
  );

  it('never gives patients or members the Exercise Library', () => {
    for (const role of ['patient', 'member'] as const) {
      const labels = sidebarGroupsFor(role, { careBetweenVisits: true }).flatMap((group) =>
        group.items.map((item) => item.label),
      );
      expect(labels).not.toContain('Exercise Library');
    }
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

describe('Telehealth in the sidebar', () => {
  it.each(['patient', 'practitioner', 'staff', 'admin'] as const)(
    'is a link to /telehealth for %s only while video visits are on',
    (role) => {
      const telehealth = (videoVisits: boolean) =>
        sidebarGroupsFor(role, { videoVisits })
          .flatMap((group) => group.items)
          .filter((item) => item.label.startsWith('Telehealth'))
          .map((item) => (item.disabled ? `${item.label} [disabled]` : `${item.label} -> ${item.to}`));
      expect(telehealth(true)).toEqual(['Telehealth -> /telehealth']);
      expect(telehealth(false)).toEqual(['Telehealth (Coming Soon) [disabled]']);
    },
  );

  it('keeps its place in the menu when it becomes a link', () => {
    const labels = sidebarGroupsFor('patient', { videoVisits: true })
      .find((group) => group.label === 'My Care')
      ?.items.map((item) => item.label);
    expect(labels).toEqual(['My Appointments', 'My Notes', 'Telehealth', 'Complete Onboarding']);
  });
});
