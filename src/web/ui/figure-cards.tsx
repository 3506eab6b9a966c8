import type { ReactNode } from 'react';

/** Figures as a row of cards: a description list, each figure named by its term. */
export function FigureCards({
  label,
  figures,
}: {
  label: string;
  figures: { term: string; value: ReactNode }[];
}) {
  return (
    <dl aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.term} className="rounded-lg border border-border bg-card p-4 shadow-sm">
          <dt className="text-muted-foreground text-sm">{figure.term}</dt>
          <dd className="font-semibold text-2xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
