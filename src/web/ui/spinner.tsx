import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
}

/** A whole-area loading state that screen readers announce. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-2 text-muted-foreground">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
