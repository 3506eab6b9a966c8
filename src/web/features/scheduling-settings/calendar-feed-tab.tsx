import { CalendarPlus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CalendarFeedCreated } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { formatterFor } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { useCalendarFeed, useCalendarFeedWrites } from './api';
import { CopyField } from './copy-field';

export const FEED_REVOKED = 'Calendar feed turned off. The old address no longer works.';

/**
 * Settings, calendar feed: a private iCal address of the person's own appointments for a calendar app. The
 * address is shown once, when made; making a new one replaces the old, and turning it off stops it answering.
 */
export function CalendarFeedTab() {
  const status = useCalendarFeed();
  const { create, revoke } = useCalendarFeedWrites();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const make = () => {
    setError(null);
    create.mutate(undefined, {
      onSuccess: (answer) => setCreated(answer),
      onError: (caught) =>
        setError(isApiRequestError(caught) ? caught.message : 'Could not make the feed. Please try again.'),
    });
  };
  const turnOff = () => {
    setError(null);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setConfirming(false);
        toast.success(FEED_REVOKED);
      },
      onError: (caught) => {
        setConfirming(false);
        setError(
          isApiRequestError(caught) ? caught.message : 'Could not turn the feed off. Please try again.',
        );
      },
    });
  };

  const content = () => {
    if (status.isPending) return <LoadingState label="Loading your calendar feed…" />;
    if (status.isError)
      return <Alert variant="error">Could not load your calendar feed. Please reload the page.</Alert>;
    const active = status.data.active;
    return (
      <div className="flex flex-col gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <p role="status">
          {active
            ? `Your calendar feed is on${status.data.createdAt ? ` (made ${formatterFor().dateTime(status.data.createdAt)})` : ''}.`
            : 'You have no calendar feed.'}
        </p>
        {created ? (
          <div className="flex flex-col gap-2 rounded-md border border-border p-4">
            <CopyField
              label="Calendar feed address"
              value={created.url}
              copiedMessage="Feed address copied"
            />
            <p className="text-muted-foreground text-sm">
              Paste this address into your calendar app where it offers to subscribe to a calendar by URL
              (sometimes called “From URL” or “Add internet calendar”). It is shown only now: keep it private,
              as anyone with it can see your appointments. Cancelled appointments and notes are never in it.
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={make} disabled={create.isPending}>
            {active ? <RefreshCw aria-hidden="true" /> : <CalendarPlus aria-hidden="true" />}
            {active ? 'Replace feed address' : 'Create calendar feed'}
          </Button>
          {active ? (
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Turn off feed
            </Button>
          ) : null}
        </div>
        {active ? (
          <p className="text-muted-foreground text-sm">
            Replacing the address stops the old one working; add the new one to your calendar app.
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          See your appointments in your own calendar app through a private address that updates by itself.
        </CardDescription>
      </CardHeader>
      <CardContent>{content()}</CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Turn off your calendar feed?</DialogTitle>
            <DialogDescription>
              The address stops working at once and your calendar app will no longer show your appointments
              from it. You can make a new address later.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep feed</Button>
            </DialogClose>
            <Button variant="destructive" onClick={turnOff} disabled={revoke.isPending}>
              Turn off feed
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
