import {
  BarChart3,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  NotebookPen,
  Receipt,
  Settings,
  Stethoscope,
  Users,
  Video,
} from 'lucide-react';
import { TELEHEALTH_LABEL } from '../../../shared/messages';
import { ROUTES } from '../../../shared/routes';
import type { Role } from '../../../shared/vocabulary/roles';

export type SidebarItem = { label: string; icon: LucideIcon } & (
  | { to: string; disabled?: false }
  | { to?: undefined; disabled: true }
);
export type SidebarGroup = { label: string | null; items: SidebarItem[] };

const telehealthPlaceholder: SidebarItem = { label: TELEHEALTH_LABEL, icon: Video, disabled: true };
const telehealthPage: SidebarItem = { label: 'Telehealth', to: ROUTES.telehealth.path, icon: Video };

type SidebarOptions = { careBetweenVisits?: boolean; videoVisits?: boolean };

/**
 * The sidebar of specification section 2, 'Sidebar by role'. Members have no sidebar. With care between
 * visits on, a patient's Check-ins join 'My Care', and practitioners, staff and admins find the Exercise
 * Library under Patient Care. With video visits on, Telehealth is a link to the page of video visits instead of
 * the placeholder. Otherwise the sidebar is the spec's.
 */
export function sidebarGroupsFor(role: Role, options: SidebarOptions = {}): SidebarGroup[] {
  if (role === 'member') return [];
  const telehealth = options.videoVisits ? telehealthPage : telehealthPlaceholder;
  if (role === 'patient') {
    return [
      { label: 'My Health', items: [{ label: 'Overview', to: '/', icon: LayoutDashboard }] },
      {
        label: 'My Care',
        items: [
          { label: 'My Appointments', to: '/appointments', icon: ClipboardList },
          { label: 'My Notes', to: '/recovery-notes', icon: NotebookPen },
          ...(options.careBetweenVisits
            ? [{ label: 'Check-ins', to: '/check-ins', icon: ClipboardCheck }]
            : []),
          telehealth,
          { label: 'Complete Onboarding', to: '/patient-onboarding', icon: ClipboardCheck },
        ],
      },
      { label: 'My Schedule', items: [{ label: 'My Calendar', to: '/calendar', icon: CalendarDays }] },
      {
        label: 'My Account',
        items: [
          { label: 'My Billing', to: '/billing', icon: Receipt },
          { label: 'My Messages', to: '/messages', icon: MessageSquare },
          { label: 'Settings', to: '/settings', icon: Settings },
        ],
      },
    ];
  }
  const isPractitioner = role === 'practitioner';
  const seesReports = role === 'admin' || role === 'staff';
  return [
    { label: null, items: [{ label: 'Dashboard', to: '/', icon: LayoutDashboard }] },
    {
      label: 'Patient Care',
      items: [
        { label: 'Clients', to: '/clients', icon: Users },
        { label: 'Recovery Notes', to: '/recovery-notes', icon: NotebookPen },
        ...(options.careBetweenVisits
          ? [{ label: 'Exercise Library', to: '/exercises', icon: ClipboardList }]
          : []),
        telehealth,
      ],
    },
    {
      label: 'Scheduling',
      items: [
        { label: isPractitioner ? 'Treatment Calendar' : 'Calendar', to: '/calendar', icon: CalendarDays },
        {
          label: isPractitioner ? 'Treatment Sessions' : 'Appointments',
          to: '/appointments',
          icon: Stethoscope,
        },
      ],
    },
    {
      label: 'Business Operations',
      items: [
        { label: isPractitioner ? 'Service Billing' : 'Billing', to: '/billing', icon: Receipt },
        { label: 'Messages', to: '/messages', icon: MessageSquare },
        ...(seesReports ? [{ label: 'Reports', to: '/reports', icon: BarChart3 }] : []),
        { label: 'Settings', to: '/settings', icon: Settings },
      ],
    },
  ];
}
