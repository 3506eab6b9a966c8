import { FEE_KIND_LABELS, type Fee } from '../../../shared/billing-fees';
import { formatMoney, useFormatter } from '../../lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useUser } from '../auth';
import { FeeActions } from './fee-actions';
import { useFees, usePolicy } from './fees-api';

const FEE_ROLES = ['practitioner', 'staff', 'admin'];

/**
 * An appointment's late-cancellation or no-show fee, where its details show: to those who act on it, while
 * session billing is on; nothing otherwise.
 */
export function AppointmentFees({ appointmentId, status }: { appointmentId: string; status: string }) {
  const { role } = useUser();
  const concerned = FEE_ROLES.includes(role) && (status === 'no_show' || status === 'cancelled');
  const policy = usePolicy(concerned);
  const fees = useFees({ appointmentId }, concerned && policy.data?.sessionBilling === true);
  if (!fees.data?.length) return null;
  return <AppointmentFeeList fees={fees.data} />;
}

export function AppointmentFeeList({ fees }: { fees: Fee[] }) {
  return (
    <section aria-label="Fees" className="flex flex-col gap-3 rounded-md border border-border p-3">
      {fees.map((fee) => (
        <div key={fee.id} className="flex flex-col gap-2">
          <p className="font-medium text-sm">
            {`${FEE_KIND_LABELS[fee.kind].replace(/^./, (first) => first.toUpperCase())}: ${formatMoney(fee.amountCents)}`}
          </p>
          <FeeActions fee={fee} />
        </div>
      ))}
    </section>
  );
}

/** The desk's queue on /billing: every pending fee, oldest first; hidden while there is none. */
export function PendingFees() {
  const { role } = useUser();
  const format = useFormatter();
  const desk = role === 'staff' || role === 'admin';
  const policy = usePolicy(desk);
  const fees = useFees({ status: 'pending' }, desk && policy.data?.sessionBilling === true);
  if (!fees.data?.length) return null;
  return (
    <Card aria-labelledby="fees-to-decide-heading">
      <CardHeader>
        <CardTitle id="fees-to-decide-heading">Fees to decide</CardTitle>
        <CardDescription>
          No-shows and late cancellations under the clinic's policy: apply the fee as an invoice, or waive it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {fees.data.map((fee) => (
            <li key={fee.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
              <p className="text-sm">
                <span className="font-medium">{fee.patientName}</span>
                {` · ${FEE_KIND_LABELS[fee.kind]} · ${format.date(fee.appointmentStartsAt)} with ${fee.practitionerName}`}
              </p>
              <FeeActions fee={fee} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
