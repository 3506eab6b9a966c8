import { useState } from 'react';
import { toast } from 'sonner';
import {
  DECLINE_MESSAGE_MAX,
  DeclinePublicBookingInputSchema,
  type PublicBookingRequest,
} from '../../../shared/public-booking';
import { applyServerErrors } from '../../lib/form-errors';
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
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';
import { useDeclineRequest } from './api';
import { requestTimeLabel } from './request-table';

type DeclineDialogProps = {
  request: PublicBookingRequest | null;
  onOpenChange: (open: boolean) => void;
};

/** Declining needs a message: it is emailed to the visitor, so they know why and what to do instead. */
export function DeclineDialog({ request, onOpenChange }: DeclineDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close decline request">
        {request ? (
          <DeclineForm key={request.id} request={request} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeclineForm({ request, onDone }: { request: PublicBookingRequest; onDone: () => void }) {
  const decline = useDeclineRequest();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(DeclinePublicBookingInputSchema, { message: '' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ message }) => {
    setError(null);
    try {
      await decline.mutateAsync({ id: request.id, message });
      toast.success(`Declined ${request.name}’s request`, {
        description: `${request.serviceName}, ${requestTimeLabel(request)}. Your message was emailed to them; the time is free again.`,
      });
      onDone();
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: ['message'],
          setError: form.setError,
          fallback: 'The request could not be declined.',
        }),
      );
    }
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Decline this request?</DialogTitle>
        <DialogDescription>
          {request.name}, {request.serviceName}, {requestTimeLabel(request)}. Your message is emailed to them.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate aria-label="Decline request" className="flex flex-col gap-3">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <FormField label="Message to the visitor" error={errors.message?.message}>
          <Textarea maxLength={DECLINE_MESSAGE_MAX} {...form.register('message')} />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep request</Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={isSubmitting}>
            Decline request
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
