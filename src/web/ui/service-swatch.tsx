import { cn } from '../lib/cn';
import { serviceColours } from '../lib/service-colours';

/** The small square of a service's colour beside its name; the name itself says what it is. */
export function ServiceSwatch({
  colour,
  className,
}: {
  colour: string | null | undefined;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-3 shrink-0 rounded-full border border-border', className)}
      style={{ backgroundColor: serviceColours(colour).backgroundColor }}
    />
  );
}
