import { useState } from 'react';
import { toast } from 'sonner';
import { type CommunityEvent, formatEventPrice, type RegistrationAnswer } from '../../../shared/events';
import { REGISTRATION_STATUS_LABELS } from '../../../shared/vocabulary/events';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { type CardOutcome, CardPayment } from '../payments';
import { type RegistrationAction, useConfirmRegistration, useRegistration, useUpcomingEvents } from './api';
import { EventWhere, shortDateTime, whenOf } from './event-when';

type Paying = { event: CommunityEvent; clientSecret: string; paymentIntentId: string };

const errorText = (caught: unknown, fallback: string) =>
  isApiRequestError(caught) ? caught.message : fallback;

function seatsText(event: CommunityEvent) {
  const left = Math.max(0, event.capacity - event.seatsTaken);
  if (left > 0) return `${left} of ${event.capacity} seats left`;
  return event.waitlistCount > 0 ? `Full · ${event.waitlistCount} on the waitlist` : 'Full';
}

function MyStatus({ event }: { event: CommunityEvent }) {
  const mine = event.myRegistration;
  if (!mine) return null;
  let detail = '';
  if (mine.status === 'waitlisted' && mine.waitlistPosition)
    detail = ` · number ${mine.waitlistPosition} in line`;
  if (mine.status === 'offered' && mine.offerExpiresAt)
    detail = ` · accept by ${shortDateTime(mine.offerExpiresAt)}`;
  if (mine.status === 'pending_payment' && mine.holdExpiresAt)
    detail = ` · held until ${shortDateTime(mine.holdExpiresAt)}`;
  return (
    <p>
      <Badge variant={mine.status === 'registered' ? 'default' : 'outline'}>
        {REGISTRATION_STATUS_LABELS[mine.status]}
      </Badge>
      <span className="text-muted-foreground text-sm">{detail}</span>
    </p>
  );
}

function EventCard({
  event,
  busy,
  onAction,
}: {
  event: CommunityEvent;
  busy: boolean;
  onAction: (event: CommunityEvent, action: RegistrationAction) => void;
}) {
  const mine = event.myRegistration;
  const full = event.seatsTaken >= event.capacity;
  const headingId = `event-${event.id}`;
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle id={headingId}>{event.title}</CardTitle>
          <CardDescription>
            {whenOf(event)} · <EventWhere event={event} /> · {formatEventPrice(event.priceCents)}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {event.imageUrl ? (
            <img src={event.imageUrl} alt="" className="max-h-48 w-full rounded-md object-cover" />
          ) : null}
          {event.description ? <p className="whitespace-pre-line">{event.description}</p> : null}
          <p className="text-sm">{seatsText(event)}</p>
          <MyStatus event={event} />
          <div className="flex flex-wrap gap-2">
            {!mine ? (
              <Button
                disabled={busy}
                aria-label={full ? `Join the waitlist for ${event.title}` : `Register for ${event.title}`}
                onClick={() => onAction(event, 'register')}
              >
                {full ? 'Join the waitlist' : 'Register'}
              </Button>
            ) : null}
            {mine?.status === 'offered' ? (
              <Button disabled={busy} onClick={() => onAction(event, 'accept')}>
                Accept the seat
              </Button>
            ) : null}
            {mine ? (
              <Button variant="outline" disabled={busy} onClick={() => onAction(event, 'cancel')}>
                {mine.status === 'waitlisted'
                  ? 'Leave the waitlist'
                  : mine.status === 'offered'
                    ? 'Decline the seat'
                    : 'Cancel my registration'}
              </Button>
            ) : null}
          </div>
          {mine?.status === 'registered' && event.onlineUrl ? (
            <p className="text-sm">
              Online link:{' '}
              <a className="underline" href={event.onlineUrl} target="_blank" rel="noreferrer">
                {event.onlineUrl}
              </a>
            </p>
          ) : null}
        </CardContent>
      </article>
    </Card>
  );
}

/** /member/events: upcoming events, registration, the waitlist and offered seats, and paying for a seat. */
export function MemberEventsPage() {
  const events = useUpcomingEvents();
  const registration = useRegistration();
  const confirm = useConfirmRegistration();
  const [paying, setPaying] = useState<Paying | null>(null);

  const onAnswer = (event: CommunityEvent, answer: RegistrationAnswer, action: RegistrationAction) => {
    if (answer.clientSecret && answer.paymentIntentId) {
      setPaying({ event, clientSecret: answer.clientSecret, paymentIntentId: answer.paymentIntentId });
      return;
    }
    const status = answer.registration.status;
    if (action === 'cancel') toast.success(`Your registration for ${event.title} is cancelled.`);
    else if (status === 'waitlisted')
      toast.success(
        `You are number ${answer.registration.waitlistPosition} on the waitlist for ${event.title}.`,
      );
    else if (status === 'registered') toast.success(`You are registered for ${event.title}.`);
  };

  const onAction = (event: CommunityEvent, action: RegistrationAction) => {
    registration.mutate(
      { eventId: event.id, action },
      {
        onSuccess: (answer) => onAnswer(event, answer, action),
        onError: (caught) => toast.error(errorText(caught, 'That did not go through. Please try again.')),
      },
    );
  };

  const onOutcome = async (outcome: CardOutcome) => {
    if (!paying) return;
    if (outcome.status === 'failed') {
      toast.error(outcome.message ?? 'The card payment did not go through.');
      return;
    }
    try {
      await confirm.mutateAsync({ eventId: paying.event.id, paymentIntentId: outcome.paymentIntentId });
      toast.success(`Paid: you are registered for ${paying.event.title}.`);
      setPaying(null);
    } catch (caught) {
      toast.error(errorText(caught, 'The payment went through but your seat could not be confirmed yet.'));
    }
  };

  let body: React.ReactNode;
  if (events.isError)
    body = (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{events.error.message || 'Events could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (!events.data) body = <LoadingState label="Loading events…" />;
  else if (events.data.events.length === 0)
    body = <p className="text-muted-foreground">No upcoming events yet.</p>;
  else
    body = (
      <div className="grid gap-4 md:grid-cols-2">
        {events.data.events.map((event) => (
          <EventCard key={event.id} event={event} busy={registration.isPending} onAction={onAction} />
        ))}
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      {body}
      <Dialog open={paying !== null} onOpenChange={(open) => (open ? null : setPaying(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Pay for your seat</DialogTitle>
            <DialogDescription>
              {paying
                ? `${paying.event.title}: ${formatEventPrice(paying.event.priceCents)}. Your seat is held while you pay.`
                : ''}
            </DialogDescription>
          </DialogHeader>
          {paying ? (
            <CardPayment
              clientSecret={paying.clientSecret}
              submitLabel={`Pay ${formatEventPrice(paying.event.priceCents)}`}
              onOutcome={onOutcome}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
