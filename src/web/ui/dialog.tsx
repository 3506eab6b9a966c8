import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, useEffect } from 'react';
import { cn } from '../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-overlay', className)} {...props} />;
}

/**
 * While a dialog is open the page behind it is inert, not only aria-hidden: nothing there can take focus,
 * so assistive technology never lands on content it was told is hidden.
 */
function InertBackground() {
  useEffect(() => {
    const app = document.getElementById('root');
    if (!app) return;
    app.inert = true;
    return () => {
      app.inert = false;
    };
  }, []);
  return null;
}

const sides = {
  center:
    'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border p-6',
  left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] border-border border-r p-4',
  right: 'inset-y-0 right-0 h-full w-96 max-w-[92vw] border-border border-l p-4',
} as const;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  side?: keyof typeof sides;
  closeLabel?: string;
  /** For dialogs that must be answered through their own buttons (a forced update). */
  hideCloseButton?: boolean;
};

/** Every dialog needs a DialogTitle inside; Radix warns without one and screen readers need it. */
export function DialogContent({
  className,
  children,
  side = 'center',
  closeLabel = 'Close',
  hideCloseButton = false,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col gap-4 bg-popover text-popover-foreground shadow-lg',
          sides[side],
          className,
        )}
        {...props}
      >
        <InertBackground />
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
            aria-label={closeLabel}
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-semibold text-lg', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-muted-foreground text-sm', className)} {...props} />
  );
}
