import {
  Bell,
  CalendarClock,
  CalendarSync,
  FileDown,
  KeyRound,
  Palette,
  ReceiptText,
  Stethoscope,
  UserRound,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { Role } from '../../../shared/vocabulary/roles';
import { LoadingState } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useUser } from '../auth';
import { useDataExchange } from '../clinic-features';
import { AppearanceTab } from './appearance-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

// The scheduling tabs load when opened, so the tabs everyone has stay quick to show.
const AvailabilityTab = lazy(() =>
  import('../scheduling-settings/availability-tab').then((m) => ({ default: m.AvailabilityTab })),
);
const ServicesTab = lazy(() =>
  import('../scheduling-settings/services-tab').then((m) => ({ default: m.ServicesTab })),
);
const CalendarFeedTab = lazy(() =>
  import('../scheduling-settings/calendar-feed-tab').then((m) => ({ default: m.CalendarFeedTab })),
);
const DownloadRecordCard = lazy(() =>
  import('../record-copy').then((m) => ({ default: m.DownloadRecordCard })),
);
const BillingPolicyTab = lazy(() =>
  import('../billing-fees/policy-tab').then((m) => ({ default: m.BillingPolicyTab })),
);
const OnDemand = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LoadingState label="Loading…" />}>{children}</Suspense>
);

const EVERYONE: readonly Role[] = ['patient', 'practitioner', 'staff', 'admin', 'member'];

/** The tabs, and who sees each: scheduling ones only for the roles whose work they are. */
const TABS = [
  { value: 'profile', label: 'Profile', icon: UserRound, roles: EVERYONE },
  { value: 'security', label: 'Security', icon: KeyRound, roles: EVERYONE },
  { value: 'notifications', label: 'Notifications', icon: Bell, roles: EVERYONE },
  { value: 'appearance', label: 'Appearance', icon: Palette, roles: EVERYONE },
  {
    value: 'availability',
    label: 'Availability',
    icon: CalendarClock,
    roles: ['practitioner', 'staff', 'admin'],
  },
  { value: 'services', label: 'Services', icon: Stethoscope, roles: ['staff', 'admin'] },
  { value: 'calendar-feed', label: 'Calendar feed', icon: CalendarSync, roles: ['patient', 'practitioner'] },
  { value: 'billing-policy', label: 'Billing policy', icon: ReceiptText, roles: ['admin'] },
  // Only while the clinic has data exchange on (an optional capability, off by default).
  { value: 'my-record', label: 'My record', icon: FileDown, roles: ['patient'] },
] as const;
type SettingsTab = (typeof TABS)[number]['value'];

const tabsFor = (role: Role, dataExchange: boolean) =>
  TABS.filter(
    (tab) => (tab.roles as readonly Role[]).includes(role) && (tab.value !== 'my-record' || dataExchange),
  );

function toTab(value: string | null, shown: readonly { value: SettingsTab }[]): SettingsTab {
  return shown.find((tab) => tab.value === value)?.value ?? 'profile';
}

/**
 * /settings?tab=profile|security|notifications|appearance, and for those they concern availability, services,
 * calendar-feed and (admins) billing-policy; switching tabs updates the query string. A tab not for this role opens the profile.
 */
export function SettingsPage() {
  const { role } = useUser();
  const dataExchange = useDataExchange();
  const [searchParams, setSearchParams] = useSearchParams();
  const available = tabsFor(role, dataExchange);
  const tab = toTab(searchParams.get('tab'), available);
  const shown = available.map((item) => item.value as SettingsTab);

  const changeTab = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', toTab(value, available));
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={tab} onValueChange={changeTab} className="max-w-3xl">
      <TabsList aria-label="Settings sections">
        {available.map((item) => (
          <TabsTrigger key={item.value} value={item.value}>
            <item.icon aria-hidden="true" />
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="profile">
        <ProfileTab />
      </TabsContent>
      <TabsContent value="security">
        <SecurityTab />
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationsTab />
      </TabsContent>
      <TabsContent value="appearance">
        <AppearanceTab />
      </TabsContent>
      {shown.includes('availability') ? (
        <TabsContent value="availability">
          <OnDemand>
            <AvailabilityTab />
          </OnDemand>
        </TabsContent>
      ) : null}
      {shown.includes('services') ? (
        <TabsContent value="services">
          <OnDemand>
            <ServicesTab />
          </OnDemand>
        </TabsContent>
      ) : null}
      {shown.includes('calendar-feed') ? (
        <TabsContent value="calendar-feed">
          <OnDemand>
            <CalendarFeedTab />
          </OnDemand>
        </TabsContent>
      ) : null}
      {shown.includes('my-record') ? (
        <TabsContent value="my-record">
          <OnDemand>
            <DownloadRecordCard />
          </OnDemand>
        </TabsContent>
      ) : null}
      {shown.includes('billing-policy') ? (
        <TabsContent value="billing-policy">
          <OnDemand>
            <BillingPolicyTab />
          </OnDemand>
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
