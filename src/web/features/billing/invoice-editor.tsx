import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type CreateInvoiceInput,
  formatTaxRate,
  INVOICE_MAX_LINES,
  INVOICE_NOTES_MAX,
  type Invoice,
  invoiceTotals,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents, formatMoney } from '../../../shared/money';
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
import { type FieldErrors, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { useUser } from '../auth';
import { PatientPicker, usePractitioners } from '../patients';
import { useBillingSettings, useCreateInvoice, useUpdateInvoice } from './api';
import { countableLines, type DraftLine, lineErrors, linesInput, linesOf } from './editor-lines';
import { LineSources } from './line-sources';
import { LinesEditor } from './lines-editor';

type InvoiceEditorDialogProps = {
  /** The draft to change; without one a new draft is made. */
  invoice?: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (invoice: Invoice) => void;
};

/** A new invoice, or changes to a draft: patient, practitioner, lines, discount, due date and notes. */
export function InvoiceEditorDialog({ invoice, open, onOpenChange, onSaved }: InvoiceEditorDialogProps) {
  const title = invoice ? 'Edit draft invoice' : 'New invoice';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={`Close ${title.toLowerCase()}`}
        className="max-h-[90vh] max-w-3xl overflow-y-auto"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Saved as a draft. The clinic's tax is added; the figures here are a preview and the invoice's own
            are worked out when it is saved.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <EditorForm
            invoice={invoice}
            onDone={(saved) => {
              onOpenChange(false);
              onSaved?.(saved);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorForm({ invoice, onDone }: { invoice?: Invoice; onDone: (invoice: Invoice) => void }) {
  const id = useId();
  const user = useUser();
  const isDesk = user.role === 'staff' || user.role === 'admin';
  const practitioners = usePractitioners(isDesk);
  const settings = useBillingSettings(!invoice);
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const [patientId, setPatientId] = useState(invoice?.patientId ?? '');
  const [practitionerId, setPractitionerId] = useState(
    invoice ? (invoice.practitionerId ?? '') : isDesk ? '' : user.id,
  );
  const [lines, setLines] = useState<DraftLine[]>(invoice ? linesOf(invoice) : []);
  const [discount, setDiscount] = useState(invoice ? decimalFromCents(invoice.discountCents) : '');
  const [dueDate, setDueDate] = useState(invoice?.dueDate ?? '');
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  // A draft keeps the rate it was made with; a new invoice takes the clinic's rate of today.
  const taxRate = invoice ? invoice.taxRateBasisPoints : (settings.data?.taxRateBasisPoints ?? 0);
  const discountCents = discount.trim() ? centsFromText(discount) : 0;
  const preview = invoiceTotals(countableLines(lines), discountCents ?? 0, taxRate);

  const changeLines = (next: DraftLine[]) => {
    setLines(next);
    // Field messages are keyed by position: once the lines move, the old ones point at the wrong line.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('lineItems'))),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {
      ...(patientId ? {} : { patientId: 'Choose a patient' }),
      ...(discountCents === null
        ? { discountCents: 'Enter a discount such as 10.00, or leave it empty' }
        : {}),
      ...lineErrors(lines),
    };
    setErrors(missing);
    setFormError(null);
    if (Object.values(missing).some(Boolean)) {
      setFormError('Please correct the fields shown.');
      return;
    }
    const fields = {
      practitionerId: practitionerId || null,
      ...(dueDate ? { dueDate } : {}),
      discountCents: discountCents ?? 0,
      notes: notes.trim(),
      lineItems: linesInput(lines),
    };
    try {
      const saved = invoice
        ? await update.mutateAsync({ id: invoice.id, changes: fields })
        : await create.mutateAsync({ patientId, ...fields } satisfies CreateInvoiceInput);
      toast.success(invoice ? 'Draft saved' : 'Draft invoice created');
      onDone(saved);
    } catch (caught) {
      const refusal = refusalOf(caught, 'Could not save the invoice. Please try again.');
      setErrors(refusal.fields);
      setFormError(refusal.message);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={invoice ? 'Edit draft invoice' : 'New invoice'}
      className="flex flex-col gap-4"
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {invoice ? (
          <p className="text-sm">
            Patient: <strong>{invoice.patientName}</strong>
          </p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <PatientPicker
              label="Patient"
              emptyLabel="Choose a patient"
              value={patientId}
              onChange={(next) => {
                setPatientId(next);
                // Appointments belong to one patient: another patient's would be refused.
                changeLines(lines.filter((line) => !line.appointmentId));
              }}
            />
            {errors.patientId ? (
              <p className="font-medium text-destructive text-sm">{errors.patientId}</p>
            ) : null}
          </div>
        )}
        {isDesk ? (
          <ChoiceField
            label="Practitioner"
            placeholder="No practitioner"
            value={practitionerId}
            onChange={setPractitionerId}
            error={errors.practitionerId}
            options={(practitioners.data ?? []).map((practitioner) => ({
              value: practitioner.id,
              label: fullName(practitioner),
            }))}
          />
        ) : null}
      </div>
      <LineSources
        patientId={patientId}
        lines={lines}
        full={lines.length >= INVOICE_MAX_LINES}
        onAdd={(line) => changeLines([...lines, line])}
      />
      <LinesEditor lines={lines} errors={errors} onChange={changeLines} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Discount ($)" error={errors.discountCents}>
          <Input
            id={`${id}-discount`}
            inputMode="decimal"
            value={discount}
            onChange={(event) => setDiscount(event.target.value)}
          />
        </FormField>
        <FormField
          label="Due date"
          error={errors.dueDate}
          hint={invoice ? undefined : 'Left empty, the clinic’s payment terms set it.'}
        >
          <Input
            id={`${id}-due`}
            type="date"
            value={dueDate}
            min={format(new Date(), 'yyyy-MM-dd')}
            onChange={(event) => setDueDate(event.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Notes (optional)" error={errors.notes} hint="Shown on the invoice">
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={INVOICE_NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
        />
      </FormField>
      <section aria-labelledby={`${id}-preview`} className="rounded-md border border-border p-3">
        <h3 id={`${id}-preview`} className="font-semibold text-sm">
          Preview
        </h3>
        <dl aria-live="polite" className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="tabular-nums">{formatMoney(preview.subtotalCents)}</dd>
          <dt className="text-muted-foreground">Discount</dt>
          <dd className="tabular-nums">{formatMoney(preview.discountCents)}</dd>
          <dt className="text-muted-foreground">Tax ({formatTaxRate(taxRate)})</dt>
          <dd className="tabular-nums">{formatMoney(preview.taxCents)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(preview.totalCents)}</dd>
        </dl>
      </section>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : invoice ? 'Save draft' : 'Create draft'}
        </Button>
      </DialogFooter>
    </form>
  );
}
