import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { CalendarGrid } from './calendar-grid';
import { datePattern, formatDay, fromIsoDay, parseDay, toIsoDay } from './date-locale';
import { FormField } from './form-field';

export type DatePickerProps = {
  /** Given by FormField, which ties the label, hint and error to the field. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** A day as yyyy-mm-dd, or '' for none: what forms and the API keep, whatever the field shows. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  min?: string;
  max?: string;
  /** The language the day is written and the week laid out in; the browser's by default. */
  locale?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** What the browser may fill the field with, such as 'bday'; nothing by default. */
  autoComplete?: string;
};

const browserLocale = () => (typeof navigator === 'undefined' ? 'en-GB' : navigator.language || 'en-GB');

/**
 * A day field written the locale's way (27/11/2026 or 11/27/2026) with a calendar to choose from, after the
 * WAI-ARIA date picker combobox: Alt+Down or Down opens the calendar, Escape closes it and focus returns to the
 * field. A day typed in full, in the locale's order or as yyyy-mm-dd, is taken as soon as it is whole.
 */
export function DatePicker({
  id: givenId,
  value,
  onChange,
  onBlur,
  min,
  max,
  locale = browserLocale(),
  required,
  disabled,
  className,
  autoComplete = 'off',
  ...aria
}: DatePickerProps) {
  const ownId = useId();
  const id = givenId ?? `${ownId}-date`;
  const dialogId = `${id}-calendar`;
  const inputRef = useRef<HTMLInputElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const chosen = fromIsoDay(value);
  const shown = chosen ? formatDay(chosen, locale) : '';
  const [text, setText] = useState(shown);
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Date>(chosen ?? new Date());

  useEffect(() => {
    if (!typing) setText(shown);
  }, [shown, typing]);

  const type = (next: string) => {
    setText(next);
    setTyping(true);
    const day = parseDay(next, locale);
    if (day && toIsoDay(day) !== value) onChange(toIsoDay(day));
    else if (!next.trim() && value) onChange('');
  };
  const settle = () => {
    setTyping(false);
    const day = parseDay(text, locale);
    // A day that does not read as one leaves the field empty, so the form says a day is needed.
    if (!day && text.trim() && value) onChange('');
    setText(day ? formatDay(day, locale) : text);
    onBlur?.();
  };
  const openCalendar = () => {
    setFocused(parseDay(text, locale) ?? chosen ?? new Date());
    setOpen(true);
  };
  const choose = (day: Date) => {
    setTyping(false);
    setText(formatDay(day, locale));
    onChange(toIsoDay(day));
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      openCalendar();
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => (next ? openCalendar() : setOpen(false))}>
      <Popover.Anchor asChild>
        <div ref={anchorRef} className={cn('relative', className)}>
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            inputMode="numeric"
            autoComplete={autoComplete}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? dialogId : undefined}
            placeholder={datePattern(locale)}
            value={text}
            required={required}
            disabled={disabled}
            onChange={(event) => type(event.target.value)}
            onBlur={settle}
            onKeyDown={onKeyDown}
            className="flex h-10 w-full rounded-md border border-input bg-background py-2 pr-10 pl-3 text-foreground text-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
            {...aria}
          />
          <button
            type="button"
            tabIndex={-1}
            aria-label="Open the calendar"
            disabled={disabled}
            onClick={() => (open ? setOpen(false) : openCalendar())}
            className="absolute top-0 right-0 flex h-10 w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
          >
            <CalendarDays aria-hidden="true" className="size-4" />
          </button>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          id={dialogId}
          aria-label="Calendar"
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            // The field and its button open and close the calendar themselves.
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          className="z-50 rounded-md border border-border bg-popover p-3 text-popover-foreground shadow-md"
        >
          <CalendarGrid
            locale={locale}
            focused={focused}
            onFocusedChange={setFocused}
            chosen={chosen}
            onChoose={choose}
            min={min}
            max={max}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

type DateFieldProps = Omit<DatePickerProps, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled DatePicker with its hint and error tied to it. */
export function DateField({ label, hint, error, className, ...picker }: DateFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      <DatePicker {...picker} />
    </FormField>
  );
}
