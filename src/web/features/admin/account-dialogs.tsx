import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '../../../shared/admin';
import { DEACTIVATION_ALERT } from '../../../shared/messages';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/vocabulary/roles';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Label } from '../../ui/label';
import { Select } from '../../ui/select';
import { useChangeRole, useSetActive } from './api';

type DialogProps = { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void };

const messageOf = (caught: unknown, fallback: string) =>
  isApiRequestError(caught) ? caught.message : fallback;

/** Gives the account another role; the person is signed out everywhere and signs in to the new role's screens. */
export function ChangeRoleDialog({ user, open, onOpenChange }: DialogProps) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeRole();
  const name = fullName(user);

  useEffect(() => {
    if (open) {
      setRole(user.role);
      setError(null);
    }
  }, [open, user.role]);

  const confirm = async () => {
    setError(null);
    try {
      await change.mutateAsync({ id: user.id, role });
      onOpenChange(false);
      toast.success(`${name} is now ${ROLE_LABELS[role].toLowerCase()}`);
    } catch (caught) {
      setError(messageOf(caught, 'Could not change the role. Please try again.'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close change role">
        <DialogHeader>
          <DialogTitle>Change the role of {name}</DialogTitle>
          <DialogDescription>
            {name} is signed out everywhere and sees the new role’s screens when they sign in again.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>New role</Label>
          <Select id={id} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </Select>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={change.isPending || role === user.role}>
            Change role
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Asked once more: deactivation signs the person out of every browser at once. */
export function DeactivateDialog({ user, open, onOpenChange }: DialogProps) {
  const [error, setError] = useState<string | null>(null);
  const setActive = useSetActive();
  const name = fullName(user);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    setError(null);
    try {
      await setActive.mutateAsync({ id: user.id, active: false });
      onOpenChange(false);
      toast.success(`${name} was deactivated`);
    } catch (caught) {
      setError(messageOf(caught, 'Could not deactivate the account. Please try again.'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close deactivate account">
        <DialogHeader>
          <DialogTitle>Deactivate {name}?</DialogTitle>
          <DialogDescription>
            {name} is signed out everywhere at once and cannot sign in until reactivated. Open browsers show “
            {DEACTIVATION_ALERT}”
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={setActive.isPending}>
            Deactivate account
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
