import { lazy, Suspense } from 'react';

// The settings cards load with Settings alone: the shell reads the capabilities from this feature on every page.
const CareCard = lazy(() =>
  import('./care-between-visits-card').then((m) => ({ default: m.CareBetweenVisitsCard })),
);
const ExchangeCard = lazy(() =>
  import('./data-exchange-card').then((m) => ({ default: m.DataExchangeCard })),
);
const VideoCard = lazy(() => import('./video-visits-card').then((m) => ({ default: m.VideoVisitsCard })));

export function CareBetweenVisitsCard() {
  return (
    <Suspense fallback={null}>
      <CareCard />
    </Suspense>
  );
}

export function DataExchangeCard() {
  return (
    <Suspense fallback={null}>
      <ExchangeCard />
    </Suspense>
  );
}

export function VideoVisitsCard() {
  return (
    <Suspense fallback={null}>
      <VideoCard />
    </Suspense>
  );
}
