import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { datePattern, firstDayOfWeek, parseDay } from './date-locale';
import { DateField } from './date-picker';

function Harness({
  locale,
  initial = '',
  onChange = () => {},
  min,
}: {
  locale: string;
  initial?: string;
  onChange?: (value: string) => void;
  min?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Day"
        locale={locale}
        value={value}
        min={min}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <p>iso:{value}</p>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Day' });
const grid = () => screen.getByRole('grid');
const focusedDay = () => document.activeElement?.getAttribute('aria-label');

describe('DatePicker', () => {
  it('shows the day the locale’s way while the value stays yyyy-mm-dd', async () => {
    const { unmount } = render(<Harness locale="en-GB" initial="2026-03-04" />);
    expect(field()).toHaveValue('04/03/2026');
    expect(field()).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    unmount();
    render(<Harness locale="en-US" initial="2026-03-04" />);
    expect(field()).toHaveValue('03/04/2026');
    expect(field()).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    expect(screen.getByText('iso:2026-03-04')).toBeInTheDocument();
  });

  it('takes a day typed in the locale’s order, or as yyyy-mm-dd, and hands on ISO', async () => {
    const onChange = vi.fn();
    render(<Harness locale="en-GB" onChange={onChange} />);
    await userEvent.type(field(), '5/1/202');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(field(), '7');
    expect(onChange).toHaveBeenLastCalledWith('2027-01-05');
    await userEvent.tab();
    expect(field()).toHaveValue('05/01/2027');
    await userEvent.clear(field());
    await userEvent.type(field(), '2026-12-31');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-31');
    await userEvent.clear(field());
    await userEvent.type(field(), '31/02/2026');
    await userEvent.tab();
    expect(screen.getByText('iso:')).toBeInTheDocument();
  });

  it('opens a calendar on the chosen day, moves by day, week and month, and chooses with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness locale="en-GB" initial="2026-01-30" onChange={onChange} />);
    field().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('dialog', { name: 'Calendar' })).getByRole('heading')).toHaveTextContent(
      'January 2026',
    );
    expect(focusedDay()).toBe('Friday, 30 January 2026');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(focusedDay()).toBe('Sunday, 1 February 2026');
    await userEvent.keyboard('{ArrowUp}');
    expect(focusedDay()).toBe('Sunday, 25 January 2026');
    await userEvent.keyboard('{PageDown}');
    expect(focusedDay()).toBe('Wednesday, 25 February 2026');
    expect(screen.getByRole('heading', { name: 'February 2026' })).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(focusedDay()).toBe('Monday, 23 February 2026');
    await userEvent.keyboard('{PageUp}{PageUp}');
    expect(focusedDay()).toBe('Tuesday, 23 December 2025');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2025-12-23');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('23/12/2025');
  });

  it('closes with Escape and gives focus back to the field without choosing', async () => {
    const onChange = vi.fn();
    render(<Harness locale="en-GB" initial="2026-05-10" onChange={onChange} />);
    field().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('starts the week on the locale’s first day', async () => {
    const { unmount } = render(<Harness locale="en-GB" initial="2026-05-10" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    expect(within(grid()).getAllByRole('columnheader')[0]).toHaveAttribute('abbr', 'Monday');
    unmount();
    render(<Harness locale="en-US" initial="2026-05-10" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    expect(within(grid()).getAllByRole('columnheader')[0]).toHaveAttribute('abbr', 'Sunday');
  });

  it('marks the chosen day selected and refuses days before the minimum', async () => {
    const onChange = vi.fn();
    render(<Harness locale="en-GB" initial="2026-05-10" min="2026-05-08" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const chosen = screen.getByRole('button', { name: 'Sunday, 10 May 2026' });
    expect(chosen.closest('td')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 7 May 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Friday, 8 May 2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-05-08');
  });
});

describe('the locale’s dates', () => {
  it('knows each locale’s first day of the week', () => {
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('pt-BR')).toBe(0);
  });

  it('reads days in the locale’s order and refuses days that do not exist', () => {
    expect(parseDay('27.11.2026', 'de-DE')?.getMonth()).toBe(10);
    expect(parseDay('11/27/2026', 'en-US')?.getDate()).toBe(27);
    expect(parseDay('11/27/2026', 'en-GB')).toBeNull();
    expect(parseDay('29/02/2027', 'en-GB')).toBeNull();
    expect(datePattern('de-DE')).toBe('dd.mm.yyyy');
  });
});
