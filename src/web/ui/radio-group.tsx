import { RadioGroup as RadioPrimitive } from 'radix-ui';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';

type Option<T extends string> = { value: T; label: string };

type ChoiceGroupProps<T extends string> = {
  label: string;
  description?: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
};

/** A labelled set of radio choices shown as segmented buttons; arrow keys move between them. */
export function ChoiceGroup<T extends string>({
  label,
  description,
  value,
  options,
  onChange,
  disabled,
}: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="font-medium text-sm">
        {label}
      </span>
      {description ? (
        <p id={`${id}-description`} className="text-muted-foreground text-xs">
          {description}
        </p>
      ) : null}
      <RadioPrimitive.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onChange(option.value);
        }}
        className="flex flex-wrap gap-2"
      >
        {options.map((option) => (
          <div key={option.value} className="flex items-center">
            <RadioPrimitive.Item
              id={`${id}-${option.value}`}
              value={option.value}
              className={cn(
                'peer size-4 rounded-full border border-input bg-background data-[state=checked]:border-primary',
                'inline-flex items-center justify-center',
              )}
            >
              <RadioPrimitive.Indicator className="block size-2 rounded-full bg-primary" />
            </RadioPrimitive.Item>
            <Label htmlFor={`${id}-${option.value}`} className="cursor-pointer pr-3 pl-2 font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </RadioPrimitive.Root>
    </div>
  );
}
