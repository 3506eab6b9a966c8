import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Passkey } from '../../../shared/passkeys';
import { isApiRequestError } from '../../lib/api-error';
import { useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { addPasskey, isPromptRefusal, loadWebAuthn, passkeyKeys, passkeysQueryOptions } from './api';
import { RemovePasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs';

/** Whether this browser can make and use passkeys; null while that is being found out. */
function useWebAuthnSupport() {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    loadWebAuthn()
      .then(({ browserSupportsWebAuthn }) => live && setSupported(browserSupportsWebAuthn()))
      .catch(() => live && setSupported(false));
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

export function PasskeysCard() {
  const queryClient = useQueryClient();
  const format = useFormatter();
  const supported = useWebAuthnSupport();
  const passkeys = useQuery(passkeysQueryOptions);
  const [error, setError] = useState<string | null>(null);
  const [naming, setNaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const add = useMutation({
    mutationFn: addPasskey,
    onMutate: () => setError(null),
    onSuccess: async (passkey) => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      toast.success('Passkey added');
      setNaming(passkey);
    },
    onError: (caught) =>
      setError(
        isPromptRefusal(caught)
          ? 'The passkey was not added: the browser prompt was cancelled or timed out.'
          : isApiRequestError(caught)
            ? caught.message
            : 'Could not add a passkey. Please try again.',
      ),
  });

  const list = passkeys.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with this device's screen lock or a security key instead of your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        {passkeys.isError ? <Alert variant="error">Could not load your passkeys.</Alert> : null}
        {list.length ? (
          <ul aria-label="Your passkeys" className="flex flex-col divide-y rounded-md border">
            {list.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center gap-3 p-3">
                <KeyRound aria-hidden="true" className="size-5 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium">{passkey.name}</p>
                  <p className="text-muted-foreground text-sm">
                    Added {format.date(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `Last used ${format.dateTime(passkey.lastUsedAt)}` : 'Never used'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Rename ${passkey.name}`}
                    onClick={() => setNaming(passkey)}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : passkeys.isSuccess ? (
          <p className="text-muted-foreground text-sm">You have no passkeys yet.</p>
        ) : null}
        {supported === false ? (
          <Alert variant="info">This browser cannot use passkeys. Sign in with your password here.</Alert>
        ) : (
          <div>
            <Button onClick={() => add.mutate()} disabled={supported === null || add.isPending}>
              <KeyRound aria-hidden="true" />
              {add.isPending ? 'Waiting for the browser…' : 'Add a passkey'}
            </Button>
          </div>
        )}
      </CardContent>
      <RenamePasskeyDialog passkey={naming} onClose={() => setNaming(null)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
