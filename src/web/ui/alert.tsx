import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

const alertVariants = cva('rounded-md border px-4 py-3 text-sm', {
  variants: {
    variant: {
      error: 'border-destructive bg-background text-destructive',
      success: 'border-success bg-background text-success',
      info: 'border-border bg-muted text-foreground',
    },
  },
  defaultVariants: { variant: 'info' },
});

/** Errors are announced at once (role="alert"); success and info politely (role="status"). */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}
