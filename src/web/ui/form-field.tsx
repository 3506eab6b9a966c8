import { cloneElement, type ReactElement, useId } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactElement<ControlProps>;
};

/** A labelled control whose hint and error are tied to it by aria-describedby. */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const controlId = children.props.id ?? `${id}-control`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
