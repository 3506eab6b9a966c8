import { useRef } from 'react';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { useInvoice } from './api';
import { InvoiceActions } from './invoice-actions';
import { InvoiceDetails } from './invoice-details';
import { InvoiceStatusBadge } from './invoice-status';

type InvoicePanelProps = { invoiceId: string | null; onClose: () => void };

/**
 * The invoice named in the address, as a panel beside the list. Closing it (Escape, the close button)
 * removes it from the address and puts focus back on that invoice's row when the row is shown.
 */
export function InvoicePanel({ invoiceId, onClose }: InvoicePanelProps) {
  const lastOpened = useRef<string | null>(null);
  if (invoiceId) lastOpened.current = invoiceId;
  return (
    <Dialog open={invoiceId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {invoiceId ? (
        <DialogContent
          side="right"
          closeLabel="Close invoice"
          className="w-[44rem] overflow-y-auto"
          onCloseAutoFocus={(event) => {
            const row = document.querySelector<HTMLElement>(`[data-invoice-button="${lastOpened.current}"]`);
            if (row) {
              event.preventDefault();
              row.focus();
            }
          }}
        >
          <PanelBody key={invoiceId} invoiceId={invoiceId} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PanelBody({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const query = useInvoice(invoiceId);
  if (query.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Invoice</DialogTitle>
          <DialogDescription className="sr-only">Loading the invoice</DialogDescription>
        </DialogHeader>
        <LoadingState label="Loading the invoice…" />
      </>
    );
  }
  if (query.isError) {
    const notFound = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <>
        <DialogHeader>
          <DialogTitle>{notFound ? 'Invoice not found' : 'Invoice'}</DialogTitle>
          <DialogDescription>
            {notFound
              ? 'This invoice does not exist or is not yours to see.'
              : 'The invoice could not be loaded.'}
          </DialogDescription>
        </DialogHeader>
        {notFound ? null : (
          <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>{query.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }
  const invoice = query.data;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <span>{invoice.patientName}</span>
          <InvoiceStatusBadge status={invoice.status} />
        </DialogDescription>
      </DialogHeader>
      <InvoiceActions invoice={invoice} onDeleted={onClose} />
      <InvoiceDetails invoice={invoice} />
    </>
  );
}
