import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { FormField } from './form-field';

const fieldClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

/** A native select: the platform's own keyboard and screen-reader behaviour, styled like the inputs. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={4} className={cn(fieldClass, 'min-h-20', className)} {...props} />;
}

type ChoiceFieldProps = {
  label: string;
  /** The first, empty choice: 'Choose a service'. */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: string;
};

/** A labelled select of one thing out of a list, with its hint and error tied to it. */
export function ChoiceField({ label, placeholder, value, onChange, options, error, hint }: ChoiceFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
