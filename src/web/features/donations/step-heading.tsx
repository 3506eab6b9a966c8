import { type ReactNode, useEffect, useRef } from 'react';

/** A step's heading; it takes focus when the step replaces another, so keyboard and screen reader follow. */
export function StepHeading({ children, takesFocus = true }: { children: ReactNode; takesFocus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takesFocus) heading.current?.focus();
  }, [takesFocus]);
  return (
    <h3 ref={heading} tabIndex={-1} className="font-semibold text-base outline-none">
      {children}
    </h3>
  );
}
