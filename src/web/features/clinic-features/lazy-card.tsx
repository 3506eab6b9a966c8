import { lazy, Suspense } from 'react';

// The settings card loads with Settings alone: the shell reads the capability from this feature on every page.
const Card = lazy(() =>
  import('./care-between-visits-card').then((m) => ({ default: m.CareBetweenVisitsCard })),
);

export function CareBetweenVisitsCard() {
  return (
    <Suspense fallback={null}>
      <Card />
    </Suspense>
  );
}
