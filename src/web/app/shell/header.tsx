import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../features/auth/session';
import { Button } from '../../ui/button';
import { useScreenHeading } from '../route-info';
import { HeaderFrame, HeaderStartPlaceholder } from './frame';
import { HeaderActions, HeaderNavigation, useHeaderControls } from './header-controls-loader';

// Each place keeps its size while the controls' chunk comes, so nothing moves (header-controls-loader.ts).

export function Header({ isFullScreen }: { isFullScreen: boolean }) {
  const user = useUser();
  const { title, subtitle } = useScreenHeading();
  const controls = useHeaderControls();
  return (
    <HeaderFrame
      start={
        isFullScreen ? (
          <Button asChild variant="ghost" size="icon">
            <Link to="/" aria-label="Back to dashboard">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
        ) : controls ? (
          <Suspense fallback={<HeaderStartPlaceholder fullScreen={false} />}>
            <HeaderNavigation role={user.role} />
          </Suspense>
        ) : (
          <HeaderStartPlaceholder fullScreen={false} />
        )
      }
      title={title}
      subtitle={subtitle}
      actions={
        controls ? (
          <Suspense fallback={null}>
            <HeaderActions role={user.role} />
          </Suspense>
        ) : null
      }
    />
  );
}
