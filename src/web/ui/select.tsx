import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

const fieldClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

/** A native select: the platform's own keyboard and screen-reader behaviour, styled like the inputs. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={4} className={cn(fieldClass, 'min-h-20', className)} {...props} />;
}
