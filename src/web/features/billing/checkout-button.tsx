import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button';
import { useUser } from '../auth';
import { usePolicy } from '../billing-fees/live';

const loadCheckoutDialog = () => import('./checkout-dialog');
/** The dialog (its forms, their schemas, card payment) comes when a Checkout is about to be used. */
const CheckoutDialog = lazy(() => loadCheckoutDialog().then((m) => ({ default: m.CheckoutDialog })));

/**
 * "Checkout" on a completed session, for whoever may check it out (its practitioner, staff, admins) while
 * session billing is on; nothing otherwise, so the screen stays the specification's. Light on its own: a list of
 * sessions shows it without downloading billing's screens (bench/lighthouse.ts).
 */
export function CheckoutButton({
  appointment,
  label,
}: {
  appointment: { id: string; status: string; practitionerId: string; patientName: string };
  /** The name a list's row gives its button ('Checkout: Pat Morgan, 09:00'), since many rows share the text. */
  label?: string;
}) {
  const user = useUser();
  const policy = usePolicy();
  const [open, setOpen] = useState(false);
  const mayCheckOut =
    user.role === 'staff' ||
    user.role === 'admin' ||
    (user.role === 'practitioner' && appointment.practitionerId === user.id);
  if (appointment.status !== 'completed' || !mayCheckOut || policy.data?.sessionBilling !== true) return null;
  return (
    <>
      <Button
        size="sm"
        aria-label={label}
        onPointerEnter={() => void loadCheckoutDialog()}
        onFocus={() => void loadCheckoutDialog()}
        onClick={() => setOpen(true)}
      >
        Checkout
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CheckoutDialog appointmentId={appointment.id} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
