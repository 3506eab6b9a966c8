import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { policySentence } from '../../../shared/billing-fees';
import {
  type BookingDetails,
  PUBLIC_BOOKING_ERRORS,
  type PublicBookingPage,
  type VisitorBooking,
} from '../../../shared/public-booking';
import type { Slot } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Card, CardContent } from '../../ui/card';
import { publicBookingKeys, useCreateBooking } from './api';
import { Confirmation } from './confirmation';
import { DetailsForm } from './details-form';
import { ServiceChoice } from './service-choice';
import { SlotPicker } from './slot-picker';
import { bookingTimeLabel } from './times';

/** A refusal that means the chosen time went to someone else: back to the free times, asked again. */
export const isSlotTaken = (caught: unknown) =>
  isApiRequestError(caught) && caught.status === 409 && caught.message === PUBLIC_BOOKING_ERRORS.slotTaken;

/**
 * Service, then day and free time, then the visitor's details, then the confirmation. A rehearsal runs the
 * same steps against the rehearsal call, which checks everything and stores nothing.
 */
export function BookingFlow({ page, rehearsal }: { page: PublicBookingPage; rehearsal: boolean }) {
  const queryClient = useQueryClient();
  const [serviceTypeId, setServiceTypeId] = useState('');
  const [slot, setSlot] = useState<Slot | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<VisitorBooking | null>(null);
  const create = useCreateBooking(page.bookingLink, rehearsal);
  const service = page.services.find((candidate) => candidate.id === serviceTypeId);

  if (booked) return <Confirmation booking={booked} rehearsal={rehearsal} />;

  const chooseService = (id: string) => {
    setServiceTypeId(id);
    setSlot(null);
    setNotice(null);
  };
  const chooseSlot = (chosen: Slot) => {
    setSlot(chosen);
    setNotice(null);
    setError(null);
  };
  const send = async (details: BookingDetails, fieldErrors: (caught: unknown) => string) => {
    if (!slot || !service) return;
    setError(null);
    try {
      setBooked(await create.mutateAsync({ ...details, serviceTypeId: service.id, startsAt: slot.startsAt }));
    } catch (caught) {
      if (isSlotTaken(caught)) {
        setSlot(null);
        setNotice(PUBLIC_BOOKING_ERRORS.slotTaken);
        await queryClient.invalidateQueries({ queryKey: publicBookingKeys.page(page.bookingLink) });
        return;
      }
      setError(fieldErrors(caught));
    }
  };

  const submitLabel = rehearsal ? 'Rehearse booking' : page.autoConfirm ? 'Book' : 'Send booking request';
  return (
    <div className="flex flex-col gap-6">
      {rehearsal ? (
        <Alert variant="info">
          <strong>Rehearsal.</strong> This runs the booking flow with {page.practitionerName}, but nothing you
          enter is stored or sent, and no time is held.
        </Alert>
      ) : null}
      <Card>
        <CardContent className="flex flex-col gap-1 pt-6">
          <h2 className="font-semibold text-xl">Book with {page.practitionerName}</h2>
          <p className="text-muted-foreground text-sm">
            {page.autoConfirm
              ? 'Choose a service and a free time; your booking is confirmed at once.'
              : 'Choose a service and a free time; the practitioner confirms each request.'}
          </p>
        </CardContent>
      </Card>
      <ServiceChoice services={page.services} value={serviceTypeId} onChange={chooseService} />
      {service ? (
        <section aria-labelledby="booking-time-heading" className="flex flex-col gap-3">
          <h2 id="booking-time-heading" className="font-semibold text-lg">
            2. Day and time
          </h2>
          <SlotPicker
            key={service.id}
            page={page}
            serviceTypeId={service.id}
            selected={slot}
            onSelect={chooseSlot}
            notice={notice}
          />
        </section>
      ) : null}
      {service && slot ? (
        <DetailsForm
          key={slot.startsAt}
          summary={`${service.name} with ${page.practitionerName}, ${bookingTimeLabel({ ...slot, timeZone: page.timeZone })}.`}
          submitLabel={submitLabel}
          error={error}
          policy={page.feePolicy ? policySentence({ sessionBilling: true, ...page.feePolicy }) : null}
          onBack={() => setSlot(null)}
          onSubmit={send}
        />
      ) : null}
    </div>
  );
}
