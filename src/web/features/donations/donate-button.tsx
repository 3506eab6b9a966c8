import { HandHeart } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../ui/button';

/**
 * The dialog (Radix, about 34 kB gzipped with the other Radix controls) loads when the button is first pointed
 * at, focused or clicked, not with the page: the button sits in the header and on the member's dashboard, and
 * those should paint without it. A click also starts the donation steps' download, so it runs beside the
 * dialog's rather than after it.
 */
const loadDonateDialog = () => import('./donate-dialog');
const loadDonationFlow = () => import('./donation-flow');
const DonateDialog = lazy(() => loadDonateDialog().then((module) => ({ default: module.DonateDialog })));

/** A load started ahead of a click; if it fails, the click's own load tries again and shows the error. */
function prefetch(load: () => Promise<unknown>) {
  load().catch(() => undefined);
}

/** The Donate button (or a labelled one on a page) and its card-paid dialog, for signed-in users and visitors alike. */
export function DonateButton({ label }: { label?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  // Mounted from the first click on, open or closed; on closing, the dialog hands focus back to this button.
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const buttonProps = {
    ref: buttonRef,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': isOpen,
    onPointerEnter: () => prefetch(loadDonateDialog),
    onFocus: () => prefetch(loadDonateDialog),
    onClick: () => {
      prefetch(loadDonationFlow);
      setHasOpened(true);
      setIsOpen(true);
    },
  };
  return (
    <>
      {label ? (
        <Button {...buttonProps}>
          <HandHeart aria-hidden="true" />
          {label}
        </Button>
      ) : (
        <Button variant="outline" size="sm" {...buttonProps}>
          <HandHeart aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Donate</span>
        </Button>
      )}
      {hasOpened ? (
        <Suspense fallback={null}>
          <DonateDialog open={isOpen} onOpenChange={setIsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
