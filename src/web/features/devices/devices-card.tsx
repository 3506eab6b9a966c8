import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { DeviceSession } from '../../../shared/devices';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useSession } from '../auth';
import { devicesKeys, endSession, sessionsQueryOptions } from './api';
import { relativeTime } from './relative-time';

const nameOf = (session: DeviceSession) => `${session.browser} on ${session.device}`;

function ConfirmSignOut({
  session,
  onClose,
  opener,
}: {
  session: DeviceSession | null;
  onClose: () => void;
  /** The row's button that opened it, which takes focus back when the dialog is put away. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const queryClient = useQueryClient();
  const { logout } = useSession();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (target: DeviceSession) => endSession(target.id),
    onSuccess: async (_answer, target) => {
      if (target.current) {
        await logout({ serverCall: false });
        return;
      }
      toast.success(`Signed out of ${nameOf(target)}.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: devicesKeys.sessions });
    },
    onError: (caught) =>
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not sign out that device. Please try again.',
      ),
  });

  return (
    <Dialog
      open={session !== null}
      onOpenChange={(open) => {
        if (open) return;
        setError(null);
        onClose();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Sign out this device?</DialogTitle>
          <DialogDescription>
            {session?.current
              ? 'This is the device you are using: you will be signed out here.'
              : `${session ? nameOf(session) : ''} will be signed out at once and must sign in again.`}
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep signed in</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={mutation.isPending}
            onClick={() => session && mutation.mutate(session)}
          >
            {mutation.isPending ? 'Signing out…' : 'Sign out'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Settings > Security: the person's signed-in devices, this one marked, each of which can be signed out. */
export function DevicesCard() {
  const sessions = useQuery(sessionsQueryOptions);
  const [ending, setEnding] = useState<DeviceSession | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>
          Where your account is signed in now. Sign out any device you do not recognise, then change your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? <LoadingState /> : null}
        {sessions.isError ? (
          <LoadError message="Could not load your signed-in devices." retry={() => sessions.refetch()} />
        ) : null}
        {sessions.data ? (
          <DataTable caption="Signed-in devices" columns={['Device', 'Address', 'Last active', 'Action']}>
            {sessions.data.map((session) => (
              <tr key={session.id} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-medium">
                  <span className="flex flex-wrap items-center gap-2">
                    {nameOf(session)}
                    {session.current ? <Badge variant="secondary">This device</Badge> : null}
                  </span>
                </th>
                <td className="px-3 py-2">{session.ipAddress ?? 'Unknown'}</td>
                <td className="px-3 py-2">
                  <time dateTime={session.lastActiveAt}>{relativeTime(session.lastActiveAt)}</time>
                </td>
                <td className="px-3 py-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${nameOf(session)}${session.current ? ' (this device)' : ''}`}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setEnding(session);
                    }}
                  >
                    <LogOut aria-hidden="true" />
                    Sign out
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </CardContent>
      <ConfirmSignOut session={ending} onClose={() => setEnding(null)} opener={opener} />
    </Card>
  );
}
