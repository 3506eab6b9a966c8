import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { PUBLIC_BOOKING_ERRORS, type VisitorBooking } from '../../../shared/public-booking';
import type { Slot } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { LoadingState } from '../../ui/spinner';
import { publicBookingKeys, useBookingPage, useRescheduleVisitorBooking, useVisitorBooking } from './api';
import { BookingFacts } from './booking-facts';
import { isSlotTaken } from './booking-flow';
import { SlotPicker } from './slot-picker';
import { bookingTimeLabel } from './times';
import { VisitorCancelDialog } from './visitor-cancel-dialog';

/** Why a booking can no longer be changed here. */
function whyUnchangeable(booking: VisitorBooking) {
  if (booking.status === 'cancelled') return 'This booking was cancelled.';
  if (booking.status === 'declined')
    return booking.message
      ? `The practitioner declined this request: “${booking.message}”`
      : 'The practitioner declined this request.';
  return PUBLIC_BOOKING_ERRORS.notChangeable;
}

/** /book/{link}?manage={token}: the booking behind the emailed link, to cancel or move while it may be. */
export function ManageBooking({ token }: { token: string }) {
  const booking = useVisitorBooking(token);
  const [isCancelling, setCancelling] = useState(false);
  const [isRescheduling, setRescheduling] = useState(false);

  if (booking.isError) {
    const invalid = isApiRequestError(booking.error) && booking.error.status === 404;
    return (
      <Alert variant="error">{invalid ? PUBLIC_BOOKING_ERRORS.linkInvalid : booking.error.message}</Alert>
    );
  }
  if (!booking.data) return <LoadingState label="Loading your booking…" />;
  const current = booking.data;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col items-start gap-4 pt-6">
          <h2 className="font-semibold text-xl">Your booking with {current.practitionerName}</h2>
          <BookingFacts booking={current} />
          {current.changeable ? (
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setRescheduling(true)} disabled={isRescheduling}>
                Reschedule
              </Button>
              <Button variant="destructive" onClick={() => setCancelling(true)}>
                Cancel booking
              </Button>
            </div>
          ) : (
            <Alert variant="info">{whyUnchangeable(current)}</Alert>
          )}
        </CardContent>
      </Card>
      <VisitorCancelDialog token={token} booking={current} open={isCancelling} onOpenChange={setCancelling} />
      {current.changeable && isRescheduling ? (
        <Reschedule token={token} booking={current} onDone={() => setRescheduling(false)} />
      ) : null}
    </div>
  );
}

function Reschedule({
  token,
  booking,
  onDone,
}: {
  token: string;
  booking: VisitorBooking;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const page = useBookingPage(booking.bookingLink);
  const reschedule = useRescheduleVisitorBooking(token);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const move = async () => {
    if (!slot) return;
    setNotice(null);
    try {
      const moved = await reschedule.mutateAsync({ startsAt: slot.startsAt });
      toast.success(`Moved to ${bookingTimeLabel(moved)}`);
      onDone();
    } catch (caught) {
      setSlot(null);
      setNotice(
        isSlotTaken(caught)
          ? PUBLIC_BOOKING_ERRORS.slotTaken
          : caught instanceof Error
            ? caught.message
            : 'The booking could not be moved. Please try again.',
      );
      // The free times are asked again, so the time that went is no longer offered.
      if (isSlotTaken(caught))
        await queryClient.invalidateQueries({ queryKey: publicBookingKeys.page(booking.bookingLink) });
    }
  };

  return (
    <section aria-labelledby="reschedule-heading" className="flex flex-col gap-3">
      <h2 id="reschedule-heading" className="font-semibold text-lg">
        Choose a new time for {booking.serviceName}
      </h2>
      {page.isError ? <Alert variant="error">{page.error.message}</Alert> : null}
      {page.data ? (
        <SlotPicker
          page={page.data}
          serviceTypeId={booking.serviceTypeId}
          selected={slot}
          onSelect={(chosen) => {
            setSlot(chosen);
            setNotice(null);
          }}
          notice={notice}
        />
      ) : page.isPending ? (
        <LoadingState label="Finding free times…" />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={onDone}>
          Keep the current time
        </Button>
        <Button onClick={() => void move()} disabled={!slot || reschedule.isPending}>
          {slot && page.data
            ? `Move to ${bookingTimeLabel({ ...slot, timeZone: page.data.timeZone })}`
            : 'Move booking'}
        </Button>
      </div>
    </section>
  );
}
