import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { DONATION_PRESETS } from '../../../shared/donations';
import { cn } from '../../lib/cn';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';

type AmountChoiceProps = {
  preset: string;
  custom: string;
  onPresetChange: (preset: string) => void;
  onCustomChange: (custom: string) => void;
  /** Why the amount was refused, shown under the custom amount. */
  error?: string;
};

/** The preset amounts as one radio group (arrow keys move between them), then a custom amount that replaces them. */
export function AmountChoice({ preset, custom, onPresetChange, onCustomChange, error }: AmountChoiceProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend id={`${id}-legend`} className="mb-2 font-medium text-sm">
        Donation amount
      </legend>
      <RadioGroup.Root
        aria-labelledby={`${id}-legend`}
        value={preset}
        onValueChange={onPresetChange}
        className="grid grid-cols-3 gap-2"
      >
        {DONATION_PRESETS.map((amount) => (
          <RadioGroup.Item
            key={amount}
            value={String(amount)}
            className={cn(
              'h-10 rounded-md border border-input bg-background font-medium text-sm hover:bg-accent',
              'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
            )}
          >
            ${amount}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-custom`}>Custom amount ($)</Label>
        <Input
          id={`${id}-custom`}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          placeholder="Other amount"
          aria-describedby={error ? `${id}-custom-error ${id}-custom-hint` : `${id}-custom-hint`}
          aria-invalid={error ? true : undefined}
          value={custom}
          onChange={(event) => onCustomChange(event.target.value)}
        />
        <p id={`${id}-custom-hint`} className="text-muted-foreground text-xs">
          $1 minimum. A custom amount replaces the chosen one.
        </p>
        {error ? (
          <p id={`${id}-custom-error`} role="alert" className="font-medium text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
