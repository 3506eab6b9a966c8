import { useState } from 'react';
import { toast } from 'sonner';
import { ConnectPrintfulInputSchema } from '../../../shared/printful';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadError } from '../../ui/load-error';
import { LoadingState, Spinner } from '../../ui/spinner';
import { AdminNav } from '../admin';
import { useConnectPrintful, usePrintfulStatus } from './api';
import { ConnectionCard } from './connection-card';
import { FulfilmentList } from './fulfilment-list';

/** How to connect, and the form that does it: the token is checked with Printful before it is kept. */
function ConnectCard() {
  const connect = useConnectPrintful();
  const form = useZodForm(ConnectPrintfulInputSchema, { apiKey: '' });
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        const status = await connect.mutateAsync(input);
        form.reset();
        toast.success(`Connected to ${status.storeName || 'Printful'}`);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: ['apiKey'],
            setError: form.setError,
            fallback: 'Printful could not be connected. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Connect Printful</CardTitle>
        <CardDescription>
          Printful prints the clinic’s merchandise to order and ships it to the buyer. Until it is connected,
          the store sells only the clinic’s own products, as it does now.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
          <li>
            In Printful’s Developer Portal (
            <a
              className="text-primary underline underline-offset-4"
              href="https://developers.printful.com/"
              target="_blank"
              rel="noreferrer"
            >
              developers.printful.com
            </a>
            ), create a private token for the clinic’s store that may read and manage its products, orders and
            webhooks.
          </li>
          <li>
            Paste the token below and connect. It is checked with Printful first, then kept encrypted; only
            its last four characters are shown again.
          </li>
          <li>
            Sync: each Printful product becomes a store product, made to order at its Printful retail price.
            Syncing again updates names and prices, and hides products you removed in Printful.
          </li>
        </ol>
        <p className="text-sm">
          Paid orders holding Printful products are then sent to Printful once, move to in production when
          Printful accepts them, and to shipped, with tracking, when Printful ships them.
        </p>
        <form noValidate aria-label="Connect Printful" className="flex flex-col gap-3" onSubmit={submit}>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField label="Printful API token" error={form.formState.errors.apiKey?.message}>
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              className="max-w-md"
              {...form.register('apiKey')}
            />
          </FormField>
          <div>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? <Spinner /> : null}
              Connect
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /admin/printful: the Printful connection, its syncs and what was sent to Printful; live as they change. */
export function PrintfulPage() {
  const status = usePrintfulStatus();
  return (
    <div className="flex flex-col gap-6">
      <AdminNav />
      {status.isError ? (
        <LoadError message="The Printful status could not be loaded." retry={() => void status.refetch()} />
      ) : !status.data ? (
        <LoadingState label="Loading the Printful status…" />
      ) : (
        <>
          {status.data.connected ? <ConnectionCard status={status.data} /> : <ConnectCard />}
          {status.data.connected || status.data.counts.fulfilments > 0 ? <FulfilmentList /> : null}
        </>
      )}
    </div>
  );
}
