import { useState } from 'react';
import { toast } from 'sonner';
import { type Attendee, type CommunityEvent, formatEventPrice } from '../../../shared/events';
import { REGISTRATION_STATUS_LABELS } from '../../../shared/vocabulary/events';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { AdminNav } from '../admin';
import { downloadAttendeesCsv, useAdminEvents, useAttendees, useCancelEvent, useCheckIn } from './api';
import { EventFormDialog } from './event-form-dialog';
import { EventWhere, shortDateTime, whenOf } from './event-when';

const errorText = (caught: unknown, fallback: string) =>
  isApiRequestError(caught) ? caught.message : fallback;

function AttendeeRow({ attendee, eventId }: { attendee: Attendee; eventId: string }) {
  const checkIn = useCheckIn();
  return (
    <tr className="border-border border-t">
      <th scope="row" className="px-3 py-2 font-normal">
        {attendee.name}
        <span className="block text-muted-foreground text-xs">{attendee.email}</span>
      </th>
      <td className="px-3 py-2">
        <Badge variant={attendee.status === 'registered' ? 'default' : 'outline'}>
          {REGISTRATION_STATUS_LABELS[attendee.status]}
          {attendee.waitlistPosition ? ` #${attendee.waitlistPosition}` : ''}
        </Badge>
      </td>
      <td className="px-3 py-2">{shortDateTime(attendee.registeredAt)}</td>
      <td className="px-3 py-2">{attendee.paidCents ? formatMoney(attendee.paidCents) : '—'}</td>
      <td className="px-3 py-2">
        {attendee.checkedInAt ? (
          `Checked in ${shortDateTime(attendee.checkedInAt)}`
        ) : attendee.status === 'registered' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={checkIn.isPending}
            aria-label={`Check in ${attendee.name}`}
            onClick={() =>
              checkIn.mutate(
                { eventId, registrationId: attendee.id },
                {
                  onSuccess: () => toast.success(`${attendee.name} is checked in`),
                  onError: (caught) => toast.error(errorText(caught, 'Could not check in.')),
                },
              )
            }
          >
            Check in
          </Button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

function Attendees({ event }: { event: CommunityEvent }) {
  const answer = useAttendees(event.id);
  const [exporting, setExporting] = useState(false);
  if (answer.isError)
    return <Alert variant="error">{answer.error.message || 'Attendees could not be loaded.'}</Alert>;
  if (!answer.data) return <LoadingState label="Loading attendees…" />;
  const shown = answer.data.attendees.filter((a) => a.status !== 'cancelled' && a.status !== 'expired');
  return (
    <section aria-labelledby="attendees-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="attendees-heading" className="font-semibold text-lg">
          Attendees of {event.title}
        </h2>
        <Button
          variant="outline"
          disabled={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadAttendeesCsv(event.id);
            } catch (caught) {
              toast.error(errorText(caught, 'Could not export the attendees.'));
            } finally {
              setExporting(false);
            }
          }}
        >
          Export CSV
        </Button>
      </div>
      <p className="text-sm">
        {answer.data.event.seatsTaken} of {event.capacity} seats taken · {answer.data.event.waitlistCount} on
        the waitlist
      </p>
      {shown.length === 0 ? (
        <p className="text-muted-foreground">Nobody has registered yet.</p>
      ) : (
        <DataTable
          caption={`Attendees and waitlist of ${event.title}`}
          columns={['Member', 'Status', 'Registered', 'Paid', 'Check-in']}
        >
          {shown.map((attendee) => (
            <AttendeeRow key={attendee.id} attendee={attendee} eventId={event.id} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** /admin/events: create, edit and cancel events; attendees with the waitlist, CSV export and check-in. */
export function AdminEventsPage() {
  const [include, setInclude] = useState<'upcoming' | 'all'>('upcoming');
  const events = useAdminEvents(include);
  const cancelEvent = useCancelEvent();
  const [editing, setEditing] = useState<{ event: CommunityEvent | null } | null>(null);
  const [cancelling, setCancelling] = useState<CommunityEvent | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = events.data?.events.find((event) => event.id === selectedId) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <AdminNav />
      <Card>
        <CardHeader>
          <CardTitle>Community events</CardTitle>
          <CardDescription>
            Members register on their events page; a full event takes a waitlist.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => setEditing({ event: null })}>New event</Button>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={include === 'all'}
                onChange={(e) => setInclude(e.target.checked ? 'all' : 'upcoming')}
              />
              Show past events too
            </label>
          </div>
          {events.isError ? (
            <Alert variant="error">{events.error.message || 'Events could not be loaded.'}</Alert>
          ) : !events.data ? (
            <LoadingState label="Loading events…" />
          ) : events.data.events.length === 0 ? (
            <p className="text-muted-foreground">No events yet.</p>
          ) : (
            <DataTable caption="Events" columns={['Event', 'When', 'Where', 'Seats', 'Price', 'Actions']}>
              {events.data.events.map((event) => (
                <tr key={event.id} className="border-border border-t">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {event.title}
                    {event.status === 'cancelled' ? (
                      <Badge variant="outline" className="ml-2">
                        Cancelled
                      </Badge>
                    ) : null}
                  </th>
                  <td className="px-3 py-2">{whenOf(event)}</td>
                  <td className="px-3 py-2">
                    <EventWhere event={event} />
                  </td>
                  <td className="px-3 py-2">
                    {event.seatsTaken}/{event.capacity}
                    {event.waitlistCount ? ` (+${event.waitlistCount} waiting)` : ''}
                  </td>
                  <td className="px-3 py-2">{formatEventPrice(event.priceCents)}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant={selectedId === event.id ? 'default' : 'outline'}
                        aria-pressed={selectedId === event.id}
                        aria-label={`Attendees of ${event.title}`}
                        onClick={() => setSelectedId(event.id)}
                      >
                        Attendees
                      </Button>
                      {event.status === 'scheduled' ? (
                        <>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${event.title}`}
                            onClick={() => setEditing({ event })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Cancel ${event.title}`}
                            onClick={() => setCancelling(event)}
                          >
                            Cancel
                          </Button>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>
      {selected ? (
        <Card>
          <CardContent className="pt-6">
            <Attendees event={selected} />
          </CardContent>
        </Card>
      ) : null}
      {editing ? (
        <EventFormDialog
          key={editing.event?.id ?? 'new'}
          open
          event={editing.event}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Dialog open={cancelling !== null} onOpenChange={(open) => (open ? null : setCancelling(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel {cancelling?.title}?</DialogTitle>
            <DialogDescription>
              Every registration ends, paid seats are refunded and the attendees are told. This cannot be
              undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setCancelling(null)}>
              Keep the event
            </Button>
            <Button
              variant="destructive"
              disabled={cancelEvent.isPending}
              onClick={() =>
                cancelling &&
                cancelEvent.mutate(cancelling.id, {
                  onSuccess: () => {
                    toast.success(`${cancelling.title} is cancelled`);
                    setCancelling(null);
                  },
                  onError: (caught) => toast.error(errorText(caught, 'Could not cancel the event.')),
                })
              }
            >
              Cancel the event
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
