import { useState } from 'react';
import { toast } from 'sonner';
import type { PatientRecord } from '../../../shared/patients';
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
  DialogTrigger,
} from '../../ui/dialog';
import { useDeactivatePatient } from './api';

/** Deactivating marks the patient inactive; asked for once more because it is easy to click by mistake. */
export function DeactivatePatientDialog({ record }: { record: PatientRecord }) {
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deactivate = useDeactivatePatient(record.id);
  const name = fullName(record);

  const confirm = async () => {
    setError(null);
    try {
      await deactivate.mutateAsync();
      toast.success(`${name} was deactivated`);
      setOpen(false);
    } catch (caught) {
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not deactivate the patient. Please try again.',
      );
    }
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Deactivate
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close deactivate patient">
        <DialogHeader>
          <DialogTitle>Deactivate {name}?</DialogTitle>
          <DialogDescription>
            {name} will be marked inactive. Their record is kept; editing it can make them active again.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deactivate.isPending}>
            Deactivate patient
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
