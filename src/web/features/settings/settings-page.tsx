import { Bell, KeyRound, Palette, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { AppearanceTab } from './appearance-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const TABS = [
  { value: 'profile', label: 'Profile', icon: UserRound },
  { value: 'security', label: 'Security', icon: KeyRound },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'appearance', label: 'Appearance', icon: Palette },
] as const;
type SettingsTab = (typeof TABS)[number]['value'];

function toTab(value: string | null): SettingsTab {
  return TABS.find((tab) => tab.value === value)?.value ?? 'profile';
}

/** /settings?tab=profile|security|notifications|appearance; switching tabs updates the query string. */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = toTab(searchParams.get('tab'));

  const changeTab = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', toTab(value));
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={tab} onValueChange={changeTab} className="max-w-3xl">
      <TabsList aria-label="Settings sections">
        {TABS.map((item) => (
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
    </Tabs>
  );
}
