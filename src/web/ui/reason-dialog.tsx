import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { isApiRequestError } from '../lib/api-error';
import { Alert } from './alert';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';
import { FormField } from './form-field';
import { Textarea } from './select';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'booking' gives 'Cancel this booking?', 'Keep booking', 'Cancel booking'. */
  thing: string;
  description: ReactNode;
  /** Without one, a reason may be left out. */
  required: boolean;
  maxLength: number;
  /** Said in a toast once done. */
  done: string;
  /** Shown when the server's refusal carries no message of its own. */
  fallbackError: string;
  /** The trimmed reason, or undefined when none was given. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  pending: boolean;
};

/** Asks to confirm a cancellation with a reason; the server's field message lands on the reason. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, thing, required, pending } = props;
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setFieldError(undefined);
      setError(null);
    }
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (required && !reason.trim()) {
      setFieldError('Reason is required');
      return;
    }
    setFieldError(undefined);
    setError(null);
    try {
      await props.onConfirm(reason.trim() || undefined);
      toast.success(props.done);
      close(false);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.fields?.reason) setFieldError(caught.fields.reason);
      setError(isApiRequestError(caught) ? caught.message : props.fallbackError);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={`Close cancel ${thing}`}>
        <DialogHeader>
          <DialogTitle>Cancel this {thing}?</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label={`Cancel ${thing}`} className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField label={required ? 'Reason' : 'Reason (optional)'} error={fieldError}>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={props.maxLength}
              onChange={(event) => setReason(event.target.value)}
              required={required}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep {thing}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              Cancel {thing}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
