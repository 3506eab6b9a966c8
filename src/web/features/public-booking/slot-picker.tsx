import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { PublicBookingPage } from '../../../shared/public-booking';
import type { Slot } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { usePublicSlots } from './api';
import {
  dayIn,
  dayLabel,
  localDay,
  localTime,
  longDayLabel,
  placeOf,
  shiftDay,
  timeIn,
  visitorZone,
  WINDOW_DAYS,
} from './times';

type SlotPickerProps = {
  page: PublicBookingPage;
  serviceTypeId: string;
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
  /** Why the visitor is back here, e.g. the time they chose was taken meanwhile. */
  notice?: string | null;
};

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const plural = (count: number) => (count === 1 ? '1 free time' : `${count} free times`);

/**
 * A week of the visitor's days at a time with how many free times each has, then that day's free times as
 * buttons. Slots are the practitioner's (computed in their zone); the days and times are the visitor's, so
 * a day a step either side of the week is asked for too.
 */
export function SlotPicker({ page, serviceTypeId, selected, onSelect, notice }: SlotPickerProps) {
  const now = Date.now();
  const today = localDay(now);
  const practitionerToday = dayIn(now, page.timeZone);
  const lastDay = shiftDay(practitionerToday, page.horizonDays);
  const [windowStart, setWindowStart] = useState(today);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const days = Array.from({ length: WINDOW_DAYS }, (_, index) => shiftDay(windowStart, index));
  const from = later(practitionerToday, shiftDay(windowStart, -1));
  const to = earlier(lastDay, shiftDay(windowStart, WINDOW_DAYS));
  const slots = usePublicSlots({
    bookingLink: page.bookingLink,
    serviceTypeId,
    from,
    to: from <= to ? to : '',
  });
  const zone = visitorZone();
  const headingId = useId();
  const differs = zone !== page.timeZone;

  const byDay = new Map<string, Slot[]>(days.map((day) => [day, []]));
  for (const slot of slots.data?.slots ?? []) byDay.get(localDay(slot.startsAt))?.push(slot);
  const withTimes = days.filter((day) => (byDay.get(day)?.length ?? 0) > 0);
  const shownDay = chosenDay && withTimes.includes(chosenDay) ? chosenDay : (withTimes[0] ?? null);
  const move = (by: number) => {
    setWindowStart(shiftDay(windowStart, by));
    setChosenDay(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground text-sm">
        {differs
          ? `Times are shown in your time zone (${zone}). ${page.practitionerName} works in ${page.timeZone}; each time shows theirs too.`
          : `Times are shown in ${page.timeZone}, the time zone you and ${page.practitionerName} share.`}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => move(-WINDOW_DAYS)}
          disabled={windowStart <= today}
        >
          <ChevronLeft aria-hidden="true" />
          Earlier days
        </Button>
        <p className="font-medium text-sm" aria-live="polite">
          {dayLabel(days[0])} – {dayLabel(days[WINDOW_DAYS - 1])}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => move(WINDOW_DAYS)}
          disabled={shiftDay(windowStart, WINDOW_DAYS) > lastDay}
        >
          Later days
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {slots.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{slots.error.message || 'Could not load the free times.'}</span>
          <Button size="sm" variant="outline" onClick={() => void slots.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : slots.isPending && from <= to ? (
        <LoadingState label="Finding free times…" />
      ) : (
        <>
          <ul aria-label="Days" className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
            {days.map((day) => {
              const count = byDay.get(day)?.length ?? 0;
              return (
                <li key={day}>
                  <Button
                    variant={day === shownDay ? 'default' : 'outline'}
                    aria-pressed={day === shownDay}
                    disabled={count === 0}
                    onClick={() => setChosenDay(day)}
                    className="h-auto w-full flex-col gap-0.5 py-2"
                  >
                    <span>{dayLabel(day)}</span>
                    <span className="font-normal text-xs">{count ? plural(count) : 'No free times'}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
          {notice ? <Alert variant="error">{notice}</Alert> : null}
          {shownDay ? (
            <section aria-labelledby={headingId} className="flex flex-col gap-2">
              <h3 id={headingId} className="font-medium">
                Free times on {longDayLabel(shownDay)}
              </h3>
              <ul aria-label={`Free times on ${longDayLabel(shownDay)}`} className="flex flex-wrap gap-2">
                {(byDay.get(shownDay) ?? []).map((slot) => {
                  const isSelected = selected?.startsAt === slot.startsAt;
                  return (
                    <li key={slot.startsAt}>
                      <Button
                        variant={isSelected ? 'default' : 'outline'}
                        aria-pressed={isSelected}
                        onClick={() => onSelect(slot)}
                        className={cn(differs && 'h-auto flex-col gap-0 py-1.5')}
                      >
                        <time dateTime={slot.startsAt}>{localTime(slot.startsAt)}</time>
                        {differs ? (
                          <span className="font-normal text-xs">
                            {timeIn(slot.startsAt, page.timeZone)} {placeOf(page.timeZone)}
                          </span>
                        ) : null}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : (
            <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
              No free times on these days. Try later days.
            </p>
          )}
        </>
      )}
    </div>
  );
}
