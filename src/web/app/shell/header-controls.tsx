import type { Role } from '../../../shared/vocabulary/roles';
import { DonateButton } from '../../features/donations/donate-button';
import { NotificationButton } from '../../features/notifications/notification-button';
import { ThemeSwitcher } from '../../features/preferences/theme-switcher';
import { MobileNav } from './mobile-nav';
import { NewMenu } from './new-menu';
import { StoreButton } from './store-button';
import { UserMenu } from './user-menu';

/**
 * The header's controls: menus, dialogs, the bell and its socket-fed count. They load beside the heading rather
 * than before it (header.tsx), so a phone paints the screen's title without first running Radix, the toasts and
 * the live channels.
 */
export function HeaderNavigation({ role }: { role: Role }) {
  return <MobileNav role={role} />;
}

export function HeaderActions({ role }: { role: Role }) {
  return (
    <>
      {role !== 'patient' ? <NewMenu /> : null}
      <StoreButton />
      <DonateButton />
      <NotificationButton />
      <ThemeSwitcher />
      <UserMenu />
    </>
  );
}
