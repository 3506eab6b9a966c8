import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../features/auth/session';
import { Button } from '../../ui/button';
import { useScreenHeading } from '../route-info';
import { HeaderFrame, HeaderStartPlaceholder } from './frame';

// The controls come in their own chunk, fetched at the same time as this one (preloadSignedInScreens): the
// heading, a phone's largest paint, does not wait for them. Each place keeps its size meanwhile, so nothing moves.
const HeaderNavigation = lazy(() =>
  import('./header-controls').then((m) => ({ default: m.HeaderNavigation })),
);
const HeaderActions = lazy(() => import('./header-controls').then((m) => ({ default: m.HeaderActions })));

export function Header({ isFullScreen }: { isFullScreen: boolean }) {
  const user = useUser();
  const { title, subtitle } = useScreenHeading();
  return (
    <HeaderFrame
      start={
        isFullScreen ? (
          <Button asChild variant="ghost" size="icon">
            <Link to="/" aria-label="Back to dashboard">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <Suspense fallback={<HeaderStartPlaceholder fullScreen={false} />}>
            <HeaderNavigation role={user.role} />
          </Suspense>
        )
      }
      title={title}
      subtitle={subtitle}
      actions={
        <Suspense fallback={null}>
          <HeaderActions role={user.role} />
        </Suspense>
      }
    />
  );
}
