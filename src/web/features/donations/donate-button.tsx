import { HandHeart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { useSession } from '../auth/session';

// The dialog's steps, the card form and the toaster load when someone first opens it.
const DonationFlow = lazy(() =>
  import('./donation-flow').then((module) => ({ default: module.DonationFlow })),
);
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The Donate button (or a labelled one on a page) and its card-paid dialog, for signed-in users and visitors alike. */
export function DonateButton({ label }: { label?: string }) {
  const { status } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) setWasOpened(true);
  };
  return (
    <>
      <Dialog open={isOpen} onOpenChange={open}>
        <DialogTrigger asChild>
          {label ? (
            <Button>
              <HandHeart aria-hidden="true" />
              {label}
            </Button>
          ) : (
            <Button variant="outline" size="sm">
              <HandHeart aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Donate</span>
            </Button>
          )}
        </DialogTrigger>
        <DialogContent className="max-h-[calc(100vh-2rem)] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Donate</DialogTitle>
            <DialogDescription>
              Support the clinic’s recovery programmes by card. A receipt is emailed to you.
            </DialogDescription>
          </DialogHeader>
          <Suspense fallback={<LoadingState label="Loading the donation form…" />}>
            <DonationFlow onFinished={() => setIsOpen(false)} />
          </Suspense>
        </DialogContent>
      </Dialog>
      {/* Signed-in screens have the app's toaster; a visitor's page gets one once they open the dialog. */}
      {status === 'signed-out' && wasOpened ? (
        <Suspense fallback={null}>
          <Toaster theme="light" visibleToasts={1} position="bottom-right" closeButton />
        </Suspense>
      ) : null}
    </>
  );
}
