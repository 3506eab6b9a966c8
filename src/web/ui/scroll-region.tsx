import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';

type Overflow = { overflows: boolean; atStart: boolean; atEnd: boolean };

const FITS: Overflow = { overflows: false, atStart: true, atEnd: true };

/** Whether the element's content is wider than the element, and which of its ends are out of sight. */
function useSidewaysOverflow(ref: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>(FITS);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const next =
        hidden > 1
          ? { overflows: true, atStart: element.scrollLeft <= 1, atEnd: element.scrollLeft >= hidden - 1 }
          : FITS;
      setOverflow((current) =>
        current.overflows === next.overflows &&
        current.atStart === next.atStart &&
        current.atEnd === next.atEnd
          ? current
          : next,
      );
    };
    // An observer reports each element once as it starts to watch, after the browser's own layout: measuring
    // here, in the effect, would force a layout of its own in the middle of the first render.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [ref]);
  return overflow;
}

const fade = 'pointer-events-none absolute inset-y-px w-10 from-card to-transparent';

/**
 * Content that may be wider than a phone (a table) scrolls sideways inside its own box, never the page. While it
 * is wider, the box is a named region keyboards can reach and scroll, a shaded edge shows where more is hidden,
 * and a line under it says so; when it fits, it is a plain box with no extra stop for the keyboard.
 */
export function ScrollRegion({
  label,
  children,
  className,
}: {
  /** The region's accessible name while it scrolls. */
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const { overflows, atStart, atEnd } = useSidewaysOverflow(ref);
  return (
    <div className="min-w-0">
      <div className="relative">
        <div
          ref={ref}
          {...(overflows
            ? { role: 'region', 'aria-label': label, 'aria-describedby': hintId, tabIndex: 0 }
            : {})}
          className={cn(
            // relative: text kept for screen readers (sr-only, positioned) stays inside the box instead of
            // widening the page from where the table would put it.
            'relative overflow-x-auto rounded-lg border border-border',
            className,
          )}
        >
          {children}
        </div>
        {overflows && !atStart ? (
          <div aria-hidden="true" className={cn(fade, 'left-px rounded-l-lg bg-linear-to-r')} />
        ) : null}
        {overflows && !atEnd ? (
          <div aria-hidden="true" className={cn(fade, 'right-px rounded-r-lg bg-linear-to-l')} />
        ) : null}
      </div>
      {overflows ? (
        <p id={hintId} className="mt-1 text-muted-foreground text-xs">
          Scroll sideways to see every column.
        </p>
      ) : null}
    </div>
  );
}
