import { type ReactNode, useId } from 'react';
import { DateField } from './date-picker';
import { Label } from './label';
import { Select } from './select';

/** A list's filters: a labelled search landmark laying its fields out in a grid. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {children}
    </search>
  );
}

type SelectFilterProps<T extends string> = {
  label: string;
  value: T | '';
  onChange: (value: T | '') => void;
  options: readonly { value: T; label: string }[];
  /** The choice that filters nothing out ('All statuses'); left out, one of the options must be chosen. */
  emptyLabel?: string;
};

export function SelectFilter<T extends string>({
  label,
  value,
  onChange,
  options,
  emptyLabel,
}: SelectFilterProps<T>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as T | '')}>
        {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

type DateRange = { from: string; to: string };

/** From and To days, each bounding the other. */
export function DateRangeFilter({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (changes: Partial<DateRange>) => void;
}) {
  return (
    <>
      <DateField
        label="From"
        value={range.from}
        max={range.to || undefined}
        onChange={(from) => onChange({ from })}
      />
      <DateField
        label="To"
        value={range.to}
        min={range.from || undefined}
        onChange={(to) => onChange({ to })}
      />
    </>
  );
}

/** Label-value pairs for SelectFilter from a list of values and their labels. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
