import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmPublicBookingInputSchema, type PublicBookingRequest } from '../../../shared/public-booking';
import { useZodForm } from '../../lib/use-zod-form';
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

const PatientChoiceSchema = z.object({
  patientId: z
    .string()
    .min(1, 'Choose the patient to book for')
    .pipe(ConfirmPublicBookingInputSchema.shape.patientId.unwrap()),
});

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
  const form = useZodForm(PatientChoiceSchema, { patientId: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit(
    async ({ patientId }) => {
      setRefusal(null);
      try {
        await confirm.mutateAsync({ id: request.id, patientId });
        toast.success(`Confirmed: ${request.name} is booked for ${requestTimeLabel(request)}`);
        onDone();
      } catch (caught) {
        setRefusal(caught instanceof Error ? caught.message : 'The request could not be confirmed.');
      }
    },
    () => setRefusal(null),
  );
  // The picker has no message of its own: not choosing is said where a refusal is.
  const error = form.formState.errors.patientId?.message ?? refusal;
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
        <Controller
          control={form.control}
          name="patientId"
          render={({ field }) => (
            <PatientPicker
              label="Patient"
              emptyLabel="Choose a patient"
              value={field.value}
              onChange={field.onChange}
            />
          )}
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
