import { lazy, type RefObject, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';

// The dialog's steps and the card form: DonateButton starts loading them with this dialog when it is clicked.
const DonationFlow = lazy(() =>
  import('./donation-flow').then((module) => ({ default: module.DonationFlow })),
);

type DonateDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: it has no Radix trigger, so focus is sent back to it by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** The card-paid Donate dialog, loaded by DonateButton when it is first opened. */
export function DonateDialog({ open, onOpenChange, returnFocusTo }: DonateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100vh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Donate</DialogTitle>
          <DialogDescription>
            Support the clinic’s recovery programmes by card. A receipt is emailed to you.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<LoadingState label="Loading the donation form…" />}>
          <DonationFlow onFinished={() => onOpenChange(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
