import { type ReactNode, useMemo } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { useDialogForm } from '../lib/use-dialog-form';
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
  /** The contract's rule for the reason, e.g. CancelAppointmentInputSchema.shape.reason. */
  reasonSchema: z.ZodType<string | undefined, string | undefined>;
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
  /** More of the form, after the reason (a choice the caller keeps itself). */
  extra?: ReactNode;
};

/** Asks to confirm a cancellation with a reason; the server's field message lands on the reason. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, thing, required, pending, reasonSchema } = props;
  const schema = useMemo(() => z.object({ reason: reasonSchema }), [reasonSchema]);
  const { form, error, close, submit } = useDialogForm(
    schema,
    { reason: '' },
    {
      onOpenChange,
      fields: ['reason'],
      fallback: props.fallbackError,
      onValid: async ({ reason }) => {
        await props.onConfirm(reason || undefined);
        toast.success(props.done);
      },
    },
  );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={`Close cancel ${thing}`}>
        <DialogHeader>
          <DialogTitle>Cancel this {thing}?</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label={`Cancel ${thing}`} className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField
            label={required ? 'Reason' : 'Reason (optional)'}
            error={form.formState.errors.reason?.message}
          >
            <Textarea maxLength={props.maxLength} required={required} {...form.register('reason')} />
          </FormField>
          {props.extra}
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
