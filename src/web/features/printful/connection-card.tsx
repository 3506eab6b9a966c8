import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { PRINTFUL_SWEEP_MS, type PrintfulStatus, type SyncResult } from '../../../shared/printful';
import { isApiRequestError } from '../../lib/api-error';
import { CLINIC_ZONE, formatterFor } from '../../lib/format';
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
import { Spinner } from '../../ui/spinner';
import { useDisconnectPrintful, useSyncPrintful } from './api';

export const momentOf = (at: string) => formatterFor(CLINIC_ZONE).dateTime(at);

/** "2 created, 1 updated, 0 hidden" and the variants left out, if any. */
export function syncSummary(result: SyncResult) {
  const skipped = result.skippedVariants
    ? ` ${result.skippedVariants} variant${result.skippedVariants === 1 ? ' was' : 's were'} left out (no retail price in US dollars, or ignored in Printful).`
    : '';
  return `${result.created} created, ${result.updated} updated, ${result.hidden} hidden.${skipped}`;
}

function DisconnectDialog({ storeName, onClose }: { storeName: string; onClose: () => void }) {
  const disconnect = useDisconnectPrintful();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await disconnect.mutateAsync(undefined);
      toast.success('Printful disconnected');
      onClose();
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'Printful could not be disconnected.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel="Close disconnect Printful">
        <DialogHeader>
          <DialogTitle>Disconnect Printful?</DialogTitle>
          <DialogDescription>
            The token for {storeName || 'the Printful store'} is deleted here and Printful stops calling the
            clinic. Printful products leave the store until you connect and sync again; orders already sent
            stay with Printful but are no longer followed here.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep connected</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={disconnect.isPending}>
            {disconnect.isPending ? <Spinner /> : null}
            Disconnect
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="font-medium sm:w-40">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The connection: which store, the token's last four characters, the webhook, the last sync; Sync now. */
export function ConnectionCard({ status }: { status: PrintfulStatus }) {
  const sync = useSyncPrintful();
  const [outcome, setOutcome] = useState<{ result?: SyncResult; error?: string } | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const runSync = async () => {
    setOutcome(null);
    try {
      const answer = await sync.mutateAsync(undefined);
      setOutcome({ result: answer.result });
    } catch (caught) {
      setOutcome({ error: isApiRequestError(caught) ? caught.message : 'The sync could not be started.' });
    }
  };
  const minutes = PRINTFUL_SWEEP_MS / 60_000;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Printful connection</CardTitle>
        <CardDescription>
          Connected to {status.storeName || 'Printful'}. Printful products sell in the store as made to order.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2 text-sm">
          <Row label="Store">{status.storeName || '—'}</Row>
          <Row label="API token">ending in {status.keyLast4}</Row>
          <Row label="Connected">{status.connectedAt ? momentOf(status.connectedAt) : '—'}</Row>
          <Row label="Order updates">
            {status.webhookRegistered
              ? 'Printful tells the clinic at once (webhook), and is asked again every few minutes.'
              : `Printful’s webhook could not be set up${status.webhookError ? ` (${status.webhookError})` : ''}; orders are checked with Printful every ${minutes} minutes instead.`}
          </Row>
          <Row label="Last sync">
            {status.syncing
              ? 'A sync is running…'
              : status.lastSyncAt
                ? `${momentOf(status.lastSyncAt)}${status.lastSyncResult ? `: ${syncSummary(status.lastSyncResult)}` : ''}`
                : 'Not synced yet'}
          </Row>
          <Row label="In the store">
            {status.counts.products} product{status.counts.products === 1 ? '' : 's'},{' '}
            {status.counts.variants} variant{status.counts.variants === 1 ? '' : 's'}
          </Row>
        </dl>
        {status.lastSyncError ? (
          <Alert variant="error">The last sync failed: {status.lastSyncError}</Alert>
        ) : null}
        {outcome?.result ? (
          <Alert variant="success">Sync finished: {syncSummary(outcome.result)}</Alert>
        ) : null}
        {outcome?.error && outcome.error !== status.lastSyncError ? (
          <Alert variant="error">{outcome.error}</Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={runSync} disabled={sync.isPending} aria-busy={sync.isPending}>
            {sync.isPending ? <Spinner /> : null}
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button variant="outline" onClick={() => setDisconnecting(true)}>
            Disconnect
          </Button>
        </div>
      </CardContent>
      {disconnecting ? (
        <DisconnectDialog storeName={status.storeName ?? ''} onClose={() => setDisconnecting(false)} />
      ) : null}
    </Card>
  );
}
