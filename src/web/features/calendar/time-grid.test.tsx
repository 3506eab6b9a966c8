import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '../../../shared/scheduling';
import { appointment } from '../../test/fake-scheduling-server';
import { TooltipProvider } from '../../ui/tooltip';
import { type GridColumn, practitionerColumns } from './calendar-columns';
import { CalendarLegend } from './calendar-legend';
import { TimeGrid } from './time-grid';
import { useNow } from './use-now';

const monday = new Date(2026, 2, 2);
const tuesday = new Date(2026, 2, 3);
const at = (hour: number, minute = 0) => new Date(2026, 2, 2, hour, minute).toISOString();

const handlers = () => ({
  onBook: vi.fn(),
  onOpen: vi.fn(),
  onMove: vi.fn(),
  canMove: () => true,
  canBook: true,
  dragging: null,
  setDragging: vi.fn(),
});

function renderGrid(columns: GridColumn[], now: Date, on = handlers()) {
  render(
    <TooltipProvider>
      <TimeGrid columns={columns} firstHour={7} lastHour={19} now={now} {...on} />
    </TooltipProvider>,
  );
  return on;
}

const plain = (day: Date, appointments: Appointment[] = []): GridColumn => ({
  key: day.toISOString(),
  day,
  appointments,
  working: [],
});

afterEach(() => vi.useRealTimers());

describe('the time grid', () => {
  it('draws the now line on today’s column only, at the current minute of the hours shown', () => {
    renderGrid([plain(monday), plain(tuesday)], new Date(2026, 2, 2, 10, 30));
    const lines = screen.getAllByTestId('now-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveAttribute('aria-hidden', 'true');
    expect(lines[0].closest('[data-day]')).toHaveAttribute('data-day', '2026-03-02');
    // 07:00 to 19:00 is 720 minutes; 10:30 is 210 of them.
    expect(lines[0].style.top).toBe(`${(210 / 720) * 100}%`);
  });

  it('draws no now line on days other than today, nor outside the hours shown', () => {
    renderGrid([plain(monday)], new Date(2026, 2, 3, 10, 0));
    expect(screen.queryByTestId('now-line')).toBeNull();
  });

  it('shows a session’s time range, patient, practitioner, service and status when it has keyboard focus', async () => {
    const confirmed = appointment({
      startsAt: at(10),
      endsAt: at(10, 30),
      patientName: 'Marga Hollo',
      practitionerName: 'Dana Wells',
      serviceName: 'Sports massage',
      status: 'confirmed',
    });
    renderGrid([plain(monday, [confirmed])], new Date(2026, 2, 9, 9));
    const card = screen.getByRole('button', { name: '10:00–10:30 Marga Hollo, Sports massage' });
    await userEvent.tab();
    await userEvent.tab();
    expect(card).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    for (const text of ['10:00–10:30', 'Marga Hollo', 'Dana Wells', 'Sports massage', 'Confirmed'])
      expect(tooltip).toHaveTextContent(text);
    expect(card).toHaveAccessibleDescription(/Dana Wells/);
    // Focus scrolls the card into view; the details stay while it has focus.
    fireEvent.scroll(screen.getByRole('region', { name: 'Calendar grid' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Dana Wells');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('puts overlapping sessions side by side in lanes and widens the day to keep each readable', () => {
    const four = [0, 10, 20, 30].map((minute, index) =>
      appointment({ id: `s${index}`, startsAt: at(11, minute), endsAt: at(12, minute) }),
    );
    renderGrid([plain(monday, four), plain(tuesday)], new Date(2026, 2, 9, 9));
    const cards = four.map((item) =>
      screen.getByRole('button', { name: new RegExp(`^11:${String(item.startsAt.slice(14, 16))}`) }),
    );
    expect(cards.map((card) => card.style.width)).toEqual(Array(4).fill('calc(25% - 4px)'));
    expect(new Set(cards.map((card) => card.style.left)).size).toBe(4);
    const grid = screen.getByRole('region', { name: 'Calendar grid' }).firstElementChild as HTMLElement;
    // The busy Monday needs four lanes of 6.5rem; the quiet Tuesday keeps the 7rem every day has.
    expect(grid.style.gridTemplateColumns).toBe('4rem minmax(26rem, 1fr) minmax(7rem, 1fr)');
  });

  it('marks a status by more than colour: a dashed border for a no-show, an icon for a completed session', () => {
    renderGrid(
      [
        plain(monday, [
          appointment({ startsAt: at(9), endsAt: at(9, 30), status: 'no_show' }),
          appointment({ startsAt: at(10), endsAt: at(10, 30), status: 'completed' }),
          appointment({ startsAt: at(11), endsAt: at(11, 30), status: 'scheduled' }),
        ]),
      ],
      new Date(2026, 2, 9, 9),
    );
    const noShow = screen.getByRole('button', { name: /^09:00–09:30 .*, no-show$/ });
    expect(noShow).toHaveClass('border-dashed');
    const completed = screen.getByRole('button', { name: /^10:00–10:30 .*, completed$/ });
    expect(completed.querySelector('svg.lucide-circle-check-big')).not.toBeNull();
    const scheduled = screen.getByRole('button', { name: /^11:00–11:30 Pat Morgan, Follow-up$/ });
    expect(scheduled.querySelector('svg')).toBeNull();
  });

  it('books in a practitioner’s column with that practitioner', async () => {
    const on = renderGrid(
      practitionerColumns({
        day: monday,
        working: () => [],
        practitioners: [
          { id: 'riley', name: 'Riley Chen' },
          { id: 'dana', name: 'Dana Wells' },
        ],
        appointments: [],
      }),
      new Date(2026, 2, 9, 9),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Book at 14:30 on Monday 2 March with Dana Wells' }),
    );
    expect(on.onBook).toHaveBeenCalledWith(new Date(2026, 2, 2, 14, 30), 'dana');
  });
});

describe('the legend', () => {
  it('names each service shown with its colour once, and every status with its mark', () => {
    render(
      <CalendarLegend
        appointments={[
          appointment({ serviceName: 'Follow-up', colour: '#0ea5e9' }),
          appointment({ serviceName: 'Follow-up', colour: '#0ea5e9' }),
          appointment({ serviceName: 'Initial assessment', colour: '#f59e0b' }),
        ]}
      />,
    );
    const legend = screen.getByRole('region', { name: 'Legend' });
    const services = within(within(legend).getByRole('list', { name: 'Services' })).getAllByRole('listitem');
    expect(services.map((item) => item.textContent)).toEqual(['Follow-up', 'Initial assessment']);
    expect((services[1].firstElementChild as HTMLElement).style.backgroundColor).toBe('rgb(245, 158, 11)');
    const statuses = within(within(legend).getByRole('list', { name: 'Statuses' })).getAllByRole('listitem');
    expect(statuses.map((item) => item.textContent)).toEqual([
      'Scheduled',
      'Confirmed',
      'Checked in',
      'Completed',
      'No-show(dashed)',
    ]);
    expect(legend).toHaveTextContent('Cancelled appointments are not shown here');
  });
});

describe('the current time', () => {
  it('moves on at the start of each minute', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 2, 10, 30, 40) });
    const { result } = renderHook(() => useNow());
    expect(result.current.getMinutes()).toBe(30);
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.getMinutes()).toBe(31);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.getMinutes()).toBe(32);
  });
});
