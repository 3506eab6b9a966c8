import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Input } from './input';
import { Label } from './label';

type SearchFilterProps = {
  label: string;
  hint: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
};

/** A search field that asks the server only once typing has paused. */
export function SearchFilter({ label, hint, value, maxLength, onChange }: SearchFilterProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, 300);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onChange(settled.trim());
  }, [settled, value, onChange]);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}
