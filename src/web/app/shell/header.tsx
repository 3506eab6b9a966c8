import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useUser } from '../../features/auth/session';
import { DonateButton } from '../../features/donations/donate-button';
import { NotificationButton } from '../../features/notifications/notification-button';
import { ThemeSwitcher } from '../../features/preferences/theme-switcher';
import { Button } from '../../ui/button';
import { useScreenHeading } from '../route-info';
import { MobileNav } from './mobile-nav';
import { NewMenu } from './new-menu';
import { StoreButton } from './store-button';
import { UserMenu } from './user-menu';

export function Header({ isFullScreen }: { isFullScreen: boolean }) {
  const user = useUser();
  const { title, subtitle } = useScreenHeading();
  return (
    <header className="sticky top-0 z-40 flex min-h-16 flex-wrap items-center gap-x-3 gap-y-1 border-border border-b bg-background px-4 py-2">
      {isFullScreen ? (
        <Button asChild variant="ghost" size="icon">
          <Link to="/" aria-label="Back to dashboard">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <MobileNav role={user.role} />
      )}
      <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
        <h1 className="truncate font-semibold text-lg leading-tight">{title}</h1>
        {subtitle ? (
          <p className="hidden truncate text-muted-foreground text-sm sm:block">{subtitle}</p>
        ) : null}
      </div>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        {user.role !== 'patient' ? <NewMenu /> : null}
        <StoreButton />
        <DonateButton />
        <NotificationButton />
        <ThemeSwitcher />
        <UserMenu />
      </div>
    </header>
  );
}
