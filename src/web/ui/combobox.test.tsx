import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';
import { FormField } from './form-field';

const SERVICES: ComboboxOption[] = [
  { value: 's1', label: 'Initial assessment' },
  { value: 's2', label: 'Follow-up' },
  { value: 's3', label: 'Sports massage' },
];

function Harness({
  onChange = () => {},
  initial = '',
  emptyOption,
}: {
  onChange?: (value: string) => void;
  initial?: string;
  emptyOption?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <FormField label="Service" hint="Type to narrow the list">
        <Combobox
          listLabel="Services"
          value={value}
          options={SERVICES}
          emptyOption={emptyOption}
          noMatches="No services match"
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      </FormField>
      <p>chosen:{value}</p>
    </form>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Service' });
const activeName = () => {
  const id = field().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('Combobox', () => {
  it('is a labelled combobox whose list opens with the arrow keys and is named', async () => {
    render(<Harness />);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAccessibleDescription('Type to narrow the list');
    field().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Services' });
    expect(field()).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Initial assessment',
      'Follow-up',
      'Sports massage',
    ]);
    expect(activeName()).toBe('Initial assessment');
  });

  it('moves the active option with the arrows, wraps, and chooses it with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    field().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeName()).toBe('Follow-up');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeName()).toBe('Sports massage');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('s3');
    expect(field()).toHaveValue('Sports massage');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveFocus();
  });

  it('filters as one types, ignoring case and accents, and says when nothing matches', async () => {
    render(<Harness />);
    await userEvent.type(field(), 'MASS');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Sports massage']);
    await userEvent.clear(field());
    await userEvent.type(field(), 'fóllow');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Follow-up']);
    await userEvent.type(field(), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No services match');
  });

  it('closes with Escape and keeps the chosen value when the text is left unfinished', async () => {
    render(<Harness initial="s2" />);
    expect(field()).toHaveValue('Follow-up');
    await userEvent.type(field(), 'xyz');
    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.tab();
    expect(field()).toHaveValue('Follow-up');
    expect(screen.getByText('chosen:s2')).toBeInTheDocument();
  });

  it('is chosen with the pointer, and an empty field clears the choice', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(field());
    await userEvent.click(screen.getByRole('option', { name: 'Follow-up' }));
    expect(onChange).toHaveBeenLastCalledWith('s2');
    expect(field()).toHaveFocus();
    await userEvent.clear(field());
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByText('chosen:')).toBeInTheDocument();
  });

  it('offers the empty choice first and marks the chosen option selected', async () => {
    render(<Harness initial="s1" emptyOption="All services" />);
    field().focus();
    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('All services');
    expect(screen.getByRole('option', { name: 'Initial assessment' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(options[0]);
    expect(screen.getByText('chosen:')).toBeInTheDocument();
    expect(field()).toHaveValue('');
  });
});

function ServerSearch({ search }: { search: (text: string) => ComboboxOption[] }) {
  const [value, setValue] = useState('');
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [searching, setSearching] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  return (
    <FormField label="Patient">
      <Combobox
        listLabel="Patients"
        value={value}
        onChange={setValue}
        options={options}
        searching={searching}
        chosenLabel="Chosen patient"
        noMatches="No patients match"
        onSearch={(text) => {
          setSearching(true);
          clearTimeout(pending.current);
          pending.current = setTimeout(() => {
            setOptions(search(text));
            setSearching(false);
          }, 100);
        }}
      />
    </FormField>
  );
}

describe('Combobox with a server search', () => {
  it('asks for what was typed, shows the answer as it is and keeps the choice once the list changes', async () => {
    const search = vi.fn((text: string) =>
      text === 'ada' ? [{ value: 'p1', label: 'Ada Lovelace', hint: 'ada@example.com' }] : [],
    );
    render(<ServerSearch search={search} />);
    const input = screen.getByRole('combobox', { name: 'Patient' });
    await userEvent.type(input, 'ada');
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('ada'));
    const option = await screen.findByRole('option', { name: 'Ada Lovelace' });
    expect(option).toHaveAccessibleDescription('ada@example.com');
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('Ada Lovelace');
    // Leaving the field resets the search; the options no longer hold the patient but the name stays.
    await userEvent.tab();
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(''));
    expect(input).toHaveValue('Chosen patient');
  });

  it('says when the server finds no one', async () => {
    render(<ServerSearch search={() => []} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Patient' }), 'nobody');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No patients match'));
  });
});
