import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { useUser } from '../auth';
import { BookingForm, type NewAppointmentPrefill } from './booking-form';
import { RequestForm } from './request-form';

export type { NewAppointmentPrefill };

type NewAppointmentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill?: NewAppointmentPrefill;
};

/** Staff, admin and practitioners book any time; a patient requests one of their practitioner's free times. */
export function NewAppointmentDialog({ open, onOpenChange, prefill }: NewAppointmentDialogProps) {
  const user = useUser();
  const isPatient = user.role === 'patient';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close new appointment" className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{isPatient ? 'Request an appointment' : 'New appointment'}</DialogTitle>
          <DialogDescription>
            {isPatient
              ? 'Choose a free time with your practitioner. Times are shown in your time zone.'
              : 'Times are in your time zone. A time that overlaps another appointment is refused.'}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          isPatient ? (
            <RequestForm onDone={() => onOpenChange(false)} />
          ) : (
            <BookingForm prefill={prefill} onDone={() => onOpenChange(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
