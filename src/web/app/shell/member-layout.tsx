import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/session';
import { DonateButton } from '../../features/donations/donate-button';
import { Brand } from '../../ui/brand';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useScreenHeading } from '../route-info';
import { SkipLink } from './skip-link';
import { StoreButton } from './store-button';

/** Members get no shell: a simple top bar with the brand, Store, Donate and Log out. */
export function MemberLayout() {
  const { logout } = useSession();
  const { title, subtitle } = useScreenHeading();
  return (
    <div className="min-h-screen bg-background">
      <SkipLink />
      <header className="border-border border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <div className="flex-1">
            <Brand />
          </div>
          <StoreButton />
          <DonateButton />
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden="true" />
            Log out
          </Button>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 outline-none"
      >
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
        </div>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
