import { ChevronsUpDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';

export type ComboboxOption = { value: string; label: string; hint?: string };

export type ComboboxProps = {
  /** Given by FormField, which ties the label, hint and error to the input. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** Names the list of options: 'Patients'. */
  listLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboboxOption[];
  /** Shown in the empty field: 'Choose a patient'. */
  placeholder?: string;
  /** A first choice that means none ('All patients'); without it a choice is only cleared by emptying the field. */
  emptyOption?: string;
  /** The chosen value's name when the options (a server search) no longer hold it. */
  chosenLabel?: string;
  /**
   * Asks for options matching the typed text, for lists too long to send whole; the options given are then
   * shown as they are. Without it the options are filtered here.
   */
  onSearch?: (text: string) => void;
  /** A search is under way. */
  searching?: boolean;
  /** Said when nothing matches: 'No patients match'. */
  noMatches?: string;
  disabled?: boolean;
  className?: string;
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

const EMPTY = '\u0000empty';

/**
 * An editable combobox with a listbox popup, after the WAI-ARIA pattern: focus stays in the input, the arrow keys
 * move the active option (aria-activedescendant), Enter chooses it, Escape closes the list, typing filters it.
 */
export function Combobox({
  id: givenId,
  listLabel,
  value,
  onChange,
  options,
  placeholder,
  emptyOption,
  chosenLabel,
  onSearch,
  searching = false,
  noMatches = 'No matches',
  disabled,
  className,
  ...aria
}: ComboboxProps) {
  const ownId = useId();
  const id = givenId ?? `${ownId}-input`;
  const listId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenName = options.find((option) => option.value === value)?.label ?? (value ? chosenLabel : '');
  const [text, setText] = useState(chosenName ?? '');
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The field shows the chosen name unless someone is typing in it.
  useEffect(() => {
    if (!editing) setText(chosenName ?? '');
  }, [chosenName, editing]);

  const query = editing ? text.trim() : '';
  const matches = onSearch || !query ? options : options.filter((o) => fold(o.label).includes(fold(query)));
  const shown: ComboboxOption[] = [
    ...(emptyOption !== undefined && !query ? [{ value: EMPTY, label: emptyOption }] : []),
    ...matches,
  ];
  const optionId = (index: number) => `${id}-option-${index}`;

  const show = (from: 'first' | 'last' | 'chosen') => {
    setOpen(true);
    const chosenIndex = shown.findIndex((option) => option.value === (value || EMPTY));
    setActive(from === 'last' ? shown.length - 1 : from === 'chosen' ? Math.max(chosenIndex, 0) : 0);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: ComboboxOption) => {
    const next = option.value === EMPTY ? '' : option.value;
    if (editing) onSearch?.('');
    setEditing(false);
    setText(next ? option.label : '');
    close();
    if (next !== value) onChange(next);
  };
  const type = (next: string) => {
    setText(next);
    setEditing(true);
    setOpen(true);
    setActive(next.trim() ? 0 : -1);
    onSearch?.(next.trim());
  };
  const leave = () => {
    close();
    if (!editing) return;
    setEditing(false);
    if (!text.trim() && value) onChange('');
    else setText(chosenName ?? '');
    if (onSearch) onSearch('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) show(event.altKey ? 'chosen' : 'first');
        else setActive((index) => (index >= last ? 0 : index + 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) show('last');
        else setActive((index) => (index <= 0 ? last : index - 1));
        return;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : last);
        return;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        if (shown[active]) choose(shown[active]);
        return;
      case 'Tab':
        if (open && editing && shown[active] && text.trim()) choose(shown[active]);
        return;
    }
  };

  const activeOption = open && active >= 0 && active < shown.length ? optionId(active) : undefined;
  useEffect(() => {
    if (activeOption) document.getElementById(activeOption)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  return (
    <Popover.Root open={open && !disabled} onOpenChange={(next) => (next ? show('chosen') : leave())}>
      <Popover.Anchor asChild>
        <div className={cn('relative', className)}>
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={activeOption}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            disabled={disabled}
            placeholder={placeholder}
            value={text}
            onChange={(event) => type(event.target.value)}
            onKeyDown={onKeyDown}
            onClick={() => (open ? close() : show('chosen'))}
            onBlur={leave}
            className="flex h-10 w-full rounded-md border border-input bg-background py-2 pr-9 pl-3 text-foreground text-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
            {...aria}
          />
          <ChevronsUpDown
            aria-hidden="true"
            className="pointer-events-none absolute top-3 right-3 size-4 text-muted-foreground"
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          role="presentation"
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target === inputRef.current) event.preventDefault();
          }}
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <div id={listId} role="listbox" aria-label={listLabel} className="max-h-64 overflow-y-auto">
            {shown.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: focus stays in the input, which moves aria-activedescendant over the options and chooses with Enter
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-labelledby={`${optionId(index)}-label`}
                aria-describedby={option.hint ? `${optionId(index)}-hint` : undefined}
                aria-selected={option.value === (value || EMPTY)}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option)}
                className={cn(
                  'flex cursor-default select-none flex-col rounded-sm px-2 py-2 text-sm aria-selected:font-semibold',
                  index === active && 'bg-accent text-accent-foreground',
                )}
              >
                <span id={`${optionId(index)}-label`}>{option.label}</span>
                {option.hint ? (
                  <span id={`${optionId(index)}-hint`} className="font-normal text-muted-foreground text-xs">
                    {option.hint}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
          <p role="status" className="px-2 text-muted-foreground text-sm empty:hidden">
            {searching ? 'Searching…' : matches.length === 0 ? noMatches : ''}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
