import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../features/auth/session';
import { Button } from '../../ui/button';
import { useScreenHeading } from '../route-info';

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
    <header className="sticky top-0 z-40 flex min-h-16 flex-wrap items-center gap-x-3 gap-y-1 border-border border-b bg-background px-4 py-2">
      {isFullScreen ? (
        <Button asChild variant="ghost" size="icon">
          <Link to="/" aria-label="Back to dashboard">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <Suspense fallback={<span aria-hidden="true" className="size-10 lg:hidden" />}>
          <HeaderNavigation role={user.role} />
        </Suspense>
      )}
      <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
        <h1 className="truncate font-semibold text-lg leading-tight">{title}</h1>
        {subtitle ? (
          <p className="hidden truncate text-muted-foreground text-sm sm:block">{subtitle}</p>
        ) : null}
      </div>
      <div className="ml-auto flex min-h-10 items-center gap-1 sm:gap-2">
        <Suspense fallback={null}>
          <HeaderActions role={user.role} />
        </Suspense>
      </div>
    </header>
  );
}
