import { useState } from 'react';
import { toast } from 'sonner';
import type { Invoice } from '../../../shared/billing';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
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
import { useUser } from '../auth';
import { useDeleteInvoice, useSendInvoice } from './api';
import { ChargeCardButton } from './charge-card-dialog';
import { invoicePdfPath } from './download';
import { DownloadButton } from './download-button';
import { InvoiceEditorDialog } from './invoice-editor';
import { invoiceActionsFor } from './invoice-status';
import { PayNowButton } from './pay-dialog';
import { RecordPaymentDialog, VoidInvoiceDialog } from './payment-dialogs';

const failed = (caught: unknown, fallback: string) =>
  toast.error(isApiRequestError(caught) ? caught.message : fallback);

/** What the viewer's role and the invoice's status allow, as buttons above the invoice. */
export function InvoiceActions({ invoice, onDeleted }: { invoice: Invoice; onDeleted: () => void }) {
  const user = useUser();
  const allowed = invoiceActionsFor(invoice, user.role);
  const send = useSendInvoice();
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'payment' | 'void' | null>(null);
  const close = (open: boolean) => (open ? undefined : setDialog(null));

  const sendNow = async () => {
    try {
      const sent = await send.mutateAsync(invoice.id);
      toast.success(`Invoice ${sent.number} sent to ${sent.patientName}`);
    } catch (caught) {
      failed(caught, 'Could not send the invoice. Please try again.');
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {allowed.payByCard ? <PayNowButton invoice={invoice} /> : null}
      {allowed.send ? (
        <Button size="sm" onClick={() => void sendNow()} disabled={send.isPending}>
          Send invoice
        </Button>
      ) : null}
      {allowed.recordPayment ? (
        <Button size="sm" variant="outline" onClick={() => setDialog('payment')}>
          Record payment
        </Button>
      ) : null}
      {allowed.chargeSavedCard ? <ChargeCardButton invoice={invoice} /> : null}
      {allowed.edit ? (
        <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
          Edit draft
        </Button>
      ) : null}
      {allowed.download ? (
        <DownloadButton
          path={invoicePdfPath(invoice.id)}
          fileName={`${invoice.number ?? 'draft-invoice'}.pdf`}
        >
          Download PDF
        </DownloadButton>
      ) : null}
      {allowed.void ? (
        <Button size="sm" variant="outline" onClick={() => setDialog('void')}>
          Void
        </Button>
      ) : null}
      {allowed.remove ? (
        <Button size="sm" variant="outline" onClick={() => setDialog('delete')}>
          Delete draft
        </Button>
      ) : null}

      {allowed.edit ? (
        <InvoiceEditorDialog invoice={invoice} open={dialog === 'edit'} onOpenChange={close} />
      ) : null}
      {allowed.recordPayment && dialog === 'payment' ? (
        <RecordPaymentDialog invoice={invoice} open onOpenChange={close} />
      ) : null}
      {allowed.void ? (
        <VoidInvoiceDialog invoice={invoice} open={dialog === 'void'} onOpenChange={close} />
      ) : null}
      {allowed.remove ? (
        <DeleteDraftDialog
          invoice={invoice}
          open={dialog === 'delete'}
          onOpenChange={close}
          onDeleted={onDeleted}
        />
      ) : null}
    </div>
  );
}

function DeleteDraftDialog({
  invoice,
  open,
  onOpenChange,
  onDeleted,
}: {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteInvoice();
  const confirm = async () => {
    try {
      await remove.mutateAsync(invoice.id);
      toast.success('Draft deleted');
      onOpenChange(false);
      onDeleted();
    } catch (caught) {
      failed(caught, 'Could not delete the draft. Please try again.');
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close delete draft">
        <DialogHeader>
          <DialogTitle>Delete this draft?</DialogTitle>
          <DialogDescription>
            The draft for {invoice.patientName} ({formatMoney(invoice.totalCents)}) is removed and its
            appointments can be billed again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep draft</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
            Delete draft
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
