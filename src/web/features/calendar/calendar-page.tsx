import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PREFERENCES } from '../../../shared/preferences';
import type { Appointment } from '../../../shared/scheduling';
import { NEW_APPOINTMENT_EVENT } from '../../app/shell/new-menu';
import { isApiRequestError } from '../../lib/api-error';
import { formatterFor, fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { ChoiceGroup } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { TooltipProvider } from '../../ui/tooltip';
import {
  actionsFor,
  appointmentKeys,
  type CalendarRange,
  NewAppointmentDialog,
  type NewAppointmentPrefill,
  useAppointmentRange,
  useAvailabilities,
  useAvailability,
  useUpdateAppointment,
} from '../appointments';
import { useUser } from '../auth';
import { usePractitioners } from '../patients';
import { usePreferences } from '../preferences';
import { AgendaList } from './agenda-list';
import { AppointmentDetailsDialog } from './appointment-details-dialog';
import { dayColumns, practitionerColumns, shownHours } from './calendar-columns';
import { CalendarLegend } from './calendar-legend';
import {
  type CalendarState,
  type CalendarView,
  calendarStateFrom,
  dayKey,
  daysOf,
  rangeLabel,
  rangeOf,
  stepped,
  withCalendarState,
} from './calendar-params';
import { MonthGrid } from './month-grid';
import { TimeGrid } from './time-grid';
import { useMediaQuery, useNow } from './use-now';
import { workingSpans } from './working-hours';

const VIEW_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'agenda', label: 'Agenda' },
] as const satisfies readonly { value: CalendarView; label: string }[];

const STEP_NAMES: Record<CalendarView, string> = { day: 'day', week: 'week', month: 'month', agenda: 'day' };

/** Below this width a week's columns cannot all be read at once: with no view in the address, the agenda opens. */
const NARROW = '(max-width: 639px)';

/**
 * /calendar: day, week, month and agenda views in the viewer's zone, the view and day kept in the address and the
 * calendarView and showWeekends preferences as defaults (a phone opens the agenda). Staff and admin choose a
 * practitioner, or see everyone: the day view then has a column a practitioner. A practitioner sees their own
 * sessions with their working hours shaded; a patient sees theirs. Clicking a free time books it; dragging an
 * appointment moves it, and a refused move snaps back with the reason.
 */
export function CalendarPage() {
  const id = useId();
  const user = useUser();
  const isPatient = user.role === 'patient';
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const preferences = usePreferences().data ?? DEFAULT_PREFERENCES;
  const [params, setParams] = useSearchParams();
  const state = calendarStateFrom(params);
  const isNarrow = useMediaQuery(NARROW);
  const view = state.view || (isNarrow ? 'agenda' : preferences.calendarView);
  const now = useNow();
  const today = dayKey(now);
  const anchorDay = state.date || today;
  const anchor = parseISO(anchorDay);
  const days = useMemo(
    () => daysOf(view, parseISO(anchorDay), preferences.showWeekends),
    [view, anchorDay, preferences.showWeekends],
  );
  const shownRange = rangeOf(days);
  const practitionerId = isStaff ? state.practitionerId : user.role === 'practitioner' ? user.id : '';
  const range: CalendarRange = {
    from: shownRange.from.toISOString(),
    to: shownRange.to.toISOString(),
    practitionerId,
  };
  const appointments = useAppointmentRange(range);
  const practitioners = usePractitioners(isStaff);
  const availability = useAvailability(isPatient ? '' : practitionerId);
  // The front desk's day of everyone shades each practitioner's own hours in their column.
  const availabilities = useAvailabilities(
    view === 'day' && isStaff && !practitionerId ? (practitioners.data ?? []).map((person) => person.id) : [],
  );
  const queryClient = useQueryClient();
  const update = useUpdateAppointment();

  const [booking, setBooking] = useState<NewAppointmentPrefill | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dragging, setDragging] = useState<Appointment | null>(null);
  const [moveMessage, setMoveMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const change = useCallback(
    (changes: Partial<CalendarState>) =>
      setParams((current) => withCalendarState(current, { ...calendarStateFrom(current), ...changes }), {
        replace: true,
      }),
    [setParams],
  );

  // /calendar?action=appointment, and the header's New > Appointment while already here, open the dialog.
  const openNew = useCallback(
    () => setBooking({ practitionerId: practitionerId || undefined }),
    [practitionerId],
  );
  // The address keeps ?action=appointment while the dialog is open (a reload opens it again); closing clears it.
  const asked = params.get('action') === 'appointment';
  useEffect(() => {
    if (asked) openNew();
  }, [asked, openNew]);
  const closeNew = () => {
    setBooking(null);
    if (asked)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('action');
          return next;
        },
        { replace: true },
      );
  };
  useEffect(() => {
    window.addEventListener(NEW_APPOINTMENT_EVENT, openNew);
    return () => window.removeEventListener(NEW_APPOINTMENT_EVENT, openNew);
  }, [openNew]);

  const shown = (appointments.data ?? []).filter((appointment) => appointment.status !== 'cancelled');
  const opened = (appointments.data ?? []).find((appointment) => appointment.id === openId) ?? null;

  const move = async (appointment: Appointment, start: Date) => {
    if (start.getTime() === Date.parse(appointment.startsAt)) return;
    const length = Date.parse(appointment.endsAt) - Date.parse(appointment.startsAt);
    const key = appointmentKeys.range(range);
    const before = queryClient.getQueryData<Appointment[]>(key);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<Appointment[]>(key, (current) =>
      current?.map((item) =>
        item.id === appointment.id
          ? {
              ...item,
              startsAt: start.toISOString(),
              endsAt: new Date(start.getTime() + length).toISOString(),
            }
          : item,
      ),
    );
    setMoveMessage(null);
    try {
      await update.mutateAsync({ id: appointment.id, changes: { startsAt: start.toISOString() } });
      setMoveMessage({
        kind: 'success',
        text: `Moved ${appointment.patientName} to ${format(start, 'EEEE d MMMM')}, ${formatterFor().time(start)}.`,
      });
    } catch (caught) {
      queryClient.setQueryData(key, before);
      setMoveMessage({
        kind: 'error',
        text: `${appointment.patientName} was not moved: ${
          isApiRequestError(caught) ? caught.message : 'the change could not be saved'
        }.`,
      });
    }
  };

  const handlers = {
    onBook: (start: Date, columnPractitioner?: string) =>
      setBooking({ startsAt: start, practitionerId: columnPractitioner || practitionerId || undefined }),
    onOpen: (appointment: Appointment) => setOpenId(appointment.id),
    onMove: (appointment: Appointment, start: Date) => void move(appointment, start),
    canMove: (appointment: Appointment) => actionsFor(appointment, user.role).reschedule,
    canBook: !isPatient,
    dragging,
    setDragging,
  };

  const working = (day: Date) => (availability.data ? workingSpans(availability.data, day) : []);
  const everyone = view === 'day' && isStaff && !practitionerId;
  const columns = everyone
    ? practitionerColumns({
        day: days[0],
        practitioners: (practitioners.data ?? []).map((person) => ({
          id: person.id,
          name: fullName(person),
        })),
        appointments: shown,
        working: (id, day) => {
          const hoursOf = availabilities.get(id);
          return hoursOf ? workingSpans(hoursOf, day) : [];
        },
      })
    : dayColumns({ days, appointments: shown, working });
  const hours = shownHours(columns);

  const label = rangeLabel(view, days, anchor);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold text-lg" aria-live="polite">
          {label}
        </h2>
        <Button size="sm" onClick={openNew}>
          <CalendarPlus aria-hidden="true" />
          {isPatient ? 'Request an appointment' : 'New appointment'}
        </Button>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={`Previous ${STEP_NAMES[view]}`}
            onClick={() => change({ date: dayKey(stepped(view, anchor, -1)) })}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => change({ date: '' })} disabled={dayKey(anchor) === today}>
            Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Next ${STEP_NAMES[view]}`}
            onClick={() => change({ date: dayKey(stepped(view, anchor, 1)) })}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <ChoiceGroup
          label="View"
          value={view}
          options={VIEW_OPTIONS}
          onChange={(next) => change({ view: next })}
        />
        {isStaff ? (
          <div className="flex min-w-56 flex-col gap-1.5">
            <Label htmlFor={`${id}-practitioner`}>Practitioner</Label>
            <Select
              id={`${id}-practitioner`}
              value={state.practitionerId}
              onChange={(event) => change({ practitionerId: event.target.value })}
            >
              <option value="">All practitioners</option>
              {(practitioners.data ?? []).map((practitioner) => (
                <option key={practitioner.id} value={practitioner.id}>
                  {fullName(practitioner)}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {availability.data || availabilities.size > 0 ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <span
              aria-hidden="true"
              className="inline-block size-4 rounded-sm border border-border bg-accent"
            />
            Shaded: working hours ({(availability.data ?? [...availabilities.values()][0]).settings.timeZone}{' '}
            hours shown in your time)
          </p>
        ) : null}
      </div>

      {moveMessage ? <Alert variant={moveMessage.kind}>{moveMessage.text}</Alert> : null}
      {appointments.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{appointments.error.message || 'Could not load the appointments.'}</span>
          <Button size="sm" variant="outline" onClick={() => appointments.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <p className="sr-only" role="status">
        {appointments.isPending ? 'Loading appointments…' : `${shown.length} appointments shown.`}
      </p>

      {view === 'agenda' ? (
        <AgendaList
          dayLabel={format(anchor, 'EEEE d MMMM')}
          appointments={shown.filter((appointment) => dayKey(new Date(appointment.startsAt)) === anchorDay)}
          isPending={appointments.isPending}
          onOpen={handlers.onOpen}
        />
      ) : view === 'month' ? (
        <MonthGrid
          days={days}
          anchor={anchor}
          appointments={shown}
          columns={preferences.showWeekends ? 7 : 5}
          onShowDay={(day) => change({ view: 'day', date: dayKey(day) })}
          {...handlers}
        />
      ) : (
        <TooltipProvider>
          <TimeGrid columns={columns} firstHour={hours.first} lastHour={hours.last} now={now} {...handlers} />
        </TooltipProvider>
      )}
      <CalendarLegend appointments={shown} />

      <NewAppointmentDialog
        open={booking !== null}
        onOpenChange={(open) => {
          if (!open) closeNew();
        }}
        prefill={booking ?? undefined}
      />
      <AppointmentDetailsDialog
        appointment={opened}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
      />
    </div>
  );
}
