import { HandHeart } from 'lucide-react';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';

/** The Donate button; the card-paid donation dialog itself comes with the donations issue. */
export function DonateButton() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <HandHeart aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Donate</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Donate</DialogTitle>
          <DialogDescription>Online donations are not built yet.</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          Soon you will be able to give by card here and receive an emailed receipt. Thank you for thinking of
          the clinic.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
