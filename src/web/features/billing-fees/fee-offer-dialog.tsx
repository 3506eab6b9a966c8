import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { feeName } from './fee-actions';
import { AppointmentFeeList } from './fee-lists';
import { useFees, usePolicy } from './fees-api';

type FeeOfferProps = { appointmentId: string; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Right after a no-show is marked: the fee the policy sets, to apply or waive there and then, or to leave for
 * the desk's list on /billing. Shows only when the mark made a fee.
 */
export function FeeOfferDialog({ appointmentId, open, onOpenChange }: FeeOfferProps) {
  const policy = usePolicy(open);
  const fees = useFees({ appointmentId }, open && policy.data?.sessionBilling === true);
  const first = fees.data?.[0];
  return (
    <Dialog open={open && Boolean(first)} onOpenChange={onOpenChange}>
      {first ? (
        <DialogContent closeLabel="Close the fee">
          <DialogHeader>
            <DialogTitle>{`Charge ${feeName(first)}?`}</DialogTitle>
            <DialogDescription>
              {`${first.patientName} missed the session. The clinic's policy sets ${feeName(first)}; apply it as an invoice, waive it, or decide later from Billing.`}
            </DialogDescription>
          </DialogHeader>
          <AppointmentFeeList fees={fees.data ?? []} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{first.status === 'pending' ? 'Decide later' : 'Done'}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
