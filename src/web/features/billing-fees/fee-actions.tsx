import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { invoiceUrl } from '../../../shared/billing';
import { FEE_KIND_LABELS, type Fee, WaiveFeeInputSchema } from '../../../shared/billing-fees';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney, useFormatter } from '../../lib/format';
import { useDialogForm } from '../../lib/use-dialog-form';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';
import { useUser } from '../auth';
import { useApplyFee, useWaiveFee } from './fees-api';

const isDesk = (role: string) => role === 'staff' || role === 'admin';

/** "the $40.00 no-show fee" */
export const feeName = (fee: Pick<Fee, 'kind' | 'amountCents'>) =>
  `the ${formatMoney(fee.amountCents)} ${FEE_KIND_LABELS[fee.kind]}`;

/**
 * What may be done with a fee: a pending one is applied (by its session's practitioner or the desk) or waived
 * with a reason (the desk only); a decided one says what became of it.
 */
export function FeeActions({ fee }: { fee: Fee }) {
  const { role } = useUser();
  const format = useFormatter();
  const apply = useApplyFee();
  const [waiving, setWaiving] = useState(false);

  if (fee.status === 'applied')
    return (
      <p className="text-sm">
        Applied on{' '}
        {fee.invoiceId ? (
          <Link className="font-medium underline" to={invoiceUrl(fee.invoiceId)}>
            invoice {fee.invoiceNumber}
          </Link>
        ) : (
          'an invoice'
        )}
      </p>
    );
  if (fee.status === 'waived')
    return (
      <p className="text-muted-foreground text-sm">
        Waived{fee.decidedByName ? ` by ${fee.decidedByName}` : ''}
        {fee.decidedAt ? ` on ${format.date(fee.decidedAt)}` : ''}: {fee.waiveReason}
      </p>
    );

  const run = async () => {
    try {
      const answer = await apply.mutateAsync(fee.id);
      toast.success(`Invoice ${answer.invoice.number} sent to ${fee.patientName}`);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not apply the fee. Please try again.');
    }
  };
  const name = feeName(fee);
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={run} disabled={apply.isPending}>
        {`Apply ${name}`}
      </Button>
      {isDesk(role) ? (
        <>
          <Button size="sm" variant="outline" onClick={() => setWaiving(true)}>
            Waive…
          </Button>
          <WaiveFeeDialog fee={fee} open={waiving} onOpenChange={setWaiving} />
        </>
      ) : null}
    </div>
  );
}

type WaiveProps = { fee: Fee; open: boolean; onOpenChange: (open: boolean) => void };

function WaiveFeeDialog({ fee, open, onOpenChange }: WaiveProps) {
  const waive = useWaiveFee();
  const { form, error, close, submit } = useDialogForm(
    WaiveFeeInputSchema,
    { reason: '' },
    {
      onOpenChange,
      fields: ['reason'],
      fallback: 'Could not waive the fee. Please try again.',
      onValid: async ({ reason }) => {
        await waive.mutateAsync({ id: fee.id, reason });
        toast.success('Fee waived');
      },
    },
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Waive the fee?"
      description={`${fee.patientName} will not be charged ${feeName(fee)}. The reason is kept with the fee.`}
      closeLabel="Keep the fee"
      error={error}
      onSubmit={submit}
      submitText={waive.isPending ? 'Waiving…' : 'Waive fee'}
      pending={waive.isPending}
    >
      <FormField label="Reason" error={form.formState.errors.reason?.message}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </FormDialog>
  );
}
