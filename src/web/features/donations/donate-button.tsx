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

// The dialog's steps and the card form load when someone first opens it.
const DonationFlow = lazy(() =>
  import('./donation-flow').then((module) => ({ default: module.DonationFlow })),
);

/** The Donate button (or a labelled one on a page) and its card-paid dialog, for signed-in users and visitors alike. */
export function DonateButton({ label }: { label?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
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
  );
}
