import type { FormEvent, ReactNode } from 'react';
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

export type FieldErrors = Record<string, string | undefined>;

/** A refusal's field messages and the message for the whole form. */
export function refusalOf(caught: unknown, fallback: string): { message: string; fields: FieldErrors } {
  if (!isApiRequestError(caught)) return { message: fallback, fields: {} };
  return { message: caught.message || fallback, fields: caught.fields ?? {} };
}

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  closeLabel: string;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  submitText: string;
  destructive?: boolean;
  pending: boolean;
  /** For a long form: `max-h-[90dvh] overflow-y-auto` lets it scroll on a small screen. */
  className?: string;
  children: ReactNode;
};

/** A small dialog holding one form: its title, the whole form's error, fields, Close and the action. */
export function FormDialog(props: FormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={props.closeLabel} className={props.className}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={props.onSubmit} noValidate aria-label={props.title} className="flex flex-col gap-3">
          {props.error ? <Alert variant="error">{props.error}</Alert> : null}
          {props.children}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={props.destructive ? 'destructive' : 'default'}
              disabled={props.pending}
            >
              {props.submitText}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
