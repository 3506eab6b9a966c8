import { format } from 'date-fns';
import { useId, useState } from 'react';
import { Controller, get } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  BILLING_ERRORS,
  type CreateInvoiceInput,
  formatTaxRate,
  INVOICE_MAX_LINES,
  INVOICE_NOTES_MAX,
  type Invoice,
  invoiceTotals,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney, fullName } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DateField } from '../../ui/date-picker';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { useUser } from '../auth';
import { PatientPicker, usePractitioners } from '../patients';
import { useBillingSettings, useCreateInvoice, useUpdateInvoice } from './api';
import { countableLines, type DraftLine, DraftLineSchema, linesOf } from './editor-lines';
import { LineSources } from './line-sources';
import { LinesEditor } from './lines-editor';

const discountOf = (text: string) => (text.trim() ? centsFromText(text) : 0);

/** The editor's fields as typed, read into the contract's draft; the server checks the rest and works out the figures. */
const InvoiceFormSchema = z
  .object({
    patientId: z.string().min(1, BILLING_ERRORS.patient),
    practitionerId: z.string(),
    lineItems: z.array(DraftLineSchema).min(1, BILLING_ERRORS.noLines),
    discountCents: z
      .string()
      .transform(discountOf)
      .pipe(z.number({ error: 'Enter a discount such as 10.00, or leave it empty' })),
    dueDate: z.string(),
    notes: z.string(),
  })
  .transform(
    ({ practitionerId, dueDate, notes, ...draft }): CreateInvoiceInput => ({
      ...draft,
      practitionerId: practitionerId || null,
      ...(dueDate ? { dueDate } : {}),
      notes: notes.trim(),
    }),
  );

const INVOICE_FIELDS = ['patientId', 'practitionerId', 'lineItems', 'discountCents', 'dueDate', 'notes'];
const LINE_FIELDS = ['description', 'quantity', 'unitPriceCents', 'appointmentId'];
/** The fields a refusal may name: the invoice's own and each line's, by position. */
const serverFields = (lines: DraftLine[]) => [
  ...INVOICE_FIELDS,
  ...lines.flatMap((_, index) => LINE_FIELDS.map((field) => `lineItems.${index}.${field}`)),
];

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
  const form = useZodForm(InvoiceFormSchema, {
    patientId: invoice?.patientId ?? '',
    practitionerId: invoice ? (invoice.practitionerId ?? '') : isDesk ? '' : user.id,
    lineItems: invoice ? linesOf(invoice) : [],
    discountCents: invoice ? decimalFromCents(invoice.discountCents) : '',
    dueDate: invoice?.dueDate ?? '',
    notes: invoice?.notes ?? '',
  });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const [patientId, lines, discount] = form.watch(['patientId', 'lineItems', 'discountCents']);
  const messageAt = (path: string) => {
    const found: { message?: unknown } | undefined = get(errors, path);
    return typeof found?.message === 'string' ? found.message : undefined;
  };

  // A draft keeps the rate it was made with; a new invoice takes the clinic's rate of today.
  const taxRate = invoice ? invoice.taxRateBasisPoints : (settings.data?.taxRateBasisPoints ?? 0);
  const preview = invoiceTotals(countableLines(lines), discountOf(discount) ?? 0, taxRate);

  const changeLines = (next: DraftLine[]) => {
    form.setValue('lineItems', next);
    // Field messages are keyed by position: once the lines move, the old ones point at the wrong line.
    form.clearErrors('lineItems');
  };

  const submit = form.handleSubmit(
    async ({ patientId: chosenPatientId, ...fields }) => {
      setFormError(null);
      try {
        const saved = invoice
          ? await update.mutateAsync({ id: invoice.id, changes: fields })
          : await create.mutateAsync({ patientId: chosenPatientId, ...fields });
        toast.success(invoice ? 'Draft saved' : 'Draft invoice created');
        onDone(saved);
      } catch (caught) {
        setFormError(
          applyServerErrors(caught, {
            fields: serverFields(lines),
            setError: form.setError,
            fallback: 'Could not save the invoice. Please try again.',
          }),
        );
      }
    },
    () => setFormError('Please correct the fields shown.'),
  );

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
            <Controller
              control={form.control}
              name="patientId"
              render={({ field }) => (
                <PatientPicker
                  label="Patient"
                  emptyLabel="Choose a patient"
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    // Appointments belong to one patient: another patient's would be refused.
                    changeLines(lines.filter((line) => !line.appointmentId));
                  }}
                />
              )}
            />
            {errors.patientId ? (
              <p className="font-medium text-destructive text-sm">{errors.patientId.message}</p>
            ) : null}
          </div>
        )}
        {isDesk ? (
          <Controller
            control={form.control}
            name="practitionerId"
            render={({ field }) => (
              <ChoiceField
                label="Practitioner"
                placeholder="No practitioner"
                value={field.value}
                onChange={field.onChange}
                error={errors.practitionerId?.message}
                options={(practitioners.data ?? []).map((practitioner) => ({
                  value: practitioner.id,
                  label: fullName(practitioner),
                }))}
              />
            )}
          />
        ) : null}
      </div>
      <LineSources
        patientId={patientId}
        lines={lines}
        full={lines.length >= INVOICE_MAX_LINES}
        onAdd={(line) => changeLines([...lines, line])}
      />
      <LinesEditor lines={lines} messageAt={messageAt} onChange={changeLines} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Discount ($)" error={errors.discountCents?.message}>
          <Input inputMode="decimal" {...form.register('discountCents')} />
        </FormField>
        <Controller
          control={form.control}
          name="dueDate"
          render={({ field }) => (
            <DateField
              label="Due date"
              error={errors.dueDate?.message}
              hint={invoice ? undefined : 'Left empty, the clinic’s payment terms set it.'}
              min={format(new Date(), 'yyyy-MM-dd')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <FormField label="Notes (optional)" error={errors.notes?.message} hint="Shown on the invoice">
        <Textarea maxLength={INVOICE_NOTES_MAX} {...form.register('notes')} />
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
