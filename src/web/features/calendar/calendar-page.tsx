import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PREFERENCES } from '../../../shared/preferences';
import type { Appointment } from '../../../shared/scheduling';
import { NEW_APPOINTMENT_EVENT } from '../../app/shell/new-menu';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { ChoiceGroup } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import {
  actionsFor,
  appointmentKeys,
  type CalendarRange,
  NewAppointmentDialog,
  type NewAppointmentPrefill,
  useAppointmentRange,
  useAvailability,
  useUpdateAppointment,
} from '../appointments';
import { useUser } from '../auth';
import { usePractitioners } from '../patients';
import { usePreferences } from '../preferences';
import { AppointmentDetailsDialog } from './appointment-details-dialog';
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
import { workingSpans } from './working-hours';

const VIEW_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const satisfies readonly { value: CalendarView; label: string }[];

const STEP_NAMES: Record<CalendarView, string> = { day: 'day', week: 'week', month: 'month' };

/**
 * /calendar: day, week and month views in the viewer's zone, the view and day kept in the address and the
 * calendarView and showWeekends preferences as defaults. Staff and admin choose a practitioner; a
 * practitioner sees their own sessions with their working hours shaded; a patient sees theirs. Clicking a
 * free time books it; dragging an appointment moves it, and a refused move snaps back with the reason.
 */
export function CalendarPage() {
  const id = useId();
  const user = useUser();
  const isPatient = user.role === 'patient';
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const preferences = usePreferences().data ?? DEFAULT_PREFERENCES;
  const [params, setParams] = useSearchParams();
  const state = calendarStateFrom(params);
  const view = state.view || preferences.calendarView;
  const today = dayKey(new Date());
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
        text: `Moved ${appointment.patientName} to ${format(start, 'EEEE d MMMM, HH:mm')}.`,
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
    onBook: (start: Date) => setBooking({ startsAt: start, practitionerId: practitionerId || undefined }),
    onOpen: (appointment: Appointment) => setOpenId(appointment.id),
    onMove: (appointment: Appointment, start: Date) => void move(appointment, start),
    canMove: (appointment: Appointment) => actionsFor(appointment, user.role).reschedule,
    canBook: !isPatient,
    dragging,
    setDragging,
  };

  const working = (day: Date) => (availability.data ? workingSpans(availability.data, day) : []);
  const hours = (() => {
    let first = 7;
    let last = 19;
    for (const day of days) {
      const spans = [
        ...working(day),
        ...shown
          .filter((appointment) => dayKey(new Date(appointment.startsAt)) === dayKey(day))
          .map((appointment) => ({
            start: Date.parse(appointment.startsAt),
            end: Date.parse(appointment.endsAt),
          })),
      ];
      for (const span of spans) {
        const start = (span.start - day.getTime()) / 3_600_000;
        const end = (span.end - day.getTime()) / 3_600_000;
        first = Math.max(0, Math.min(first, Math.floor(start)));
        last = Math.min(24, Math.max(last, Math.ceil(end)));
      }
    }
    return { first, last };
  })();

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
        {availability.data ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <span
              aria-hidden="true"
              className="inline-block size-4 rounded-sm border border-border bg-accent"
            />
            Shaded: working hours ({availability.data.settings.timeZone} hours shown in your time)
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

      {view === 'month' ? (
        <MonthGrid
          days={days}
          anchor={anchor}
          appointments={shown}
          columns={preferences.showWeekends ? 7 : 5}
          onShowDay={(day) => change({ view: 'day', date: dayKey(day) })}
          {...handlers}
        />
      ) : (
        <TimeGrid
          days={days}
          firstHour={hours.first}
          lastHour={hours.last}
          appointments={shown}
          working={working}
          {...handlers}
        />
      )}

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
