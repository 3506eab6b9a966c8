import { useState } from 'react';
import { toast } from 'sonner';
import type { PublicBookingRequest } from '../../../shared/public-booking';
import { Alert } from '../../ui/alert';
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
import { PatientPicker } from '../patients';
import { useConfirmRequest } from './api';
import { requestTimeLabel } from './request-table';

type PatientChoiceDialogProps = {
  request: PublicBookingRequest | null;
  /** Why the clinic is asked to choose: the server's reason for not matching by email. */
  reason: string;
  onOpenChange: (open: boolean) => void;
};

/** Confirms a request for a patient the clinic chooses, when the visitor's email cannot say who it is. */
export function PatientChoiceDialog({ request, reason, onOpenChange }: PatientChoiceDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close choose patient">
        {request ? (
          <PatientChoice
            key={request.id}
            request={request}
            reason={reason}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PatientChoice({
  request,
  reason,
  onDone,
}: {
  request: PublicBookingRequest;
  reason: string;
  onDone: () => void;
}) {
  const confirm = useConfirmRequest();
  const [patientId, setPatientId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!patientId) return setError('Choose the patient to book for');
    setError(null);
    try {
      await confirm.mutateAsync({ id: request.id, patientId });
      toast.success(`Confirmed: ${request.name} is booked for ${requestTimeLabel(request)}`);
      onDone();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The request could not be confirmed.');
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Choose the patient to book for</DialogTitle>
        <DialogDescription>
          {request.name} ({request.email}), {request.serviceName}, {requestTimeLabel(request)}. {reason}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate aria-label="Choose the patient" className="flex flex-col gap-3">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <PatientPicker
          label="Patient"
          emptyLabel="Choose a patient"
          value={patientId}
          onChange={setPatientId}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <Button type="submit" disabled={confirm.isPending}>
            Confirm for this patient
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
