import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/session';
import { DonateButton } from '../../features/donations/donate-button';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useScreenHeading } from '../route-info';
import { MemberFrame } from './frame';
import { StoreButton } from './store-button';

/** Members get no shell: a simple top bar with the brand, Store, Donate and Log out. */
export function MemberLayout() {
  const { logout } = useSession();
  const { title, subtitle } = useScreenHeading();
  return (
    <MemberFrame
      title={title}
      subtitle={subtitle}
      actions={
        <>
          <StoreButton />
          <DonateButton />
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden="true" />
            Log out
          </Button>
        </>
      }
    >
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </MemberFrame>
  );
}
