import { type CoveredBy, coveredText, type SessionPackage } from '../../../shared/billing-packages';
import { formatMoney } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { usePackages } from './packages-api';

/** Checkout's note for a session a package covers: the session itself costs nothing. */
export function CoveredNotice({ coveredBy }: { coveredBy: CoveredBy }) {
  return <Alert variant="info">{coveredText(coveredBy)}: no charge for this session.</Alert>;
}

/**
 * Checkout's "Packages": the packages on sale, any of which the patient may buy with this checkout. The price
 * shown is the catalogue's; the server prices the line from the catalogue too.
 */
export function CheckoutPackages({
  chosen,
  onChange,
}: {
  chosen: SessionPackage[];
  onChange: (chosen: SessionPackage[]) => void;
}) {
  const packages = usePackages(true);
  const onSale = (packages.data ?? []).filter((item) => item.isActive);
  if (onSale.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <legend className="px-1 font-medium text-sm">Packages</legend>
      {onSale.map((item) => (
        <label key={item.id} className="flex items-center justify-between gap-2 text-sm">
          <span className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.some((other) => other.id === item.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, item] : chosen.filter((other) => other.id !== item.id),
                )
              }
            />
            {item.name} ({item.sessions} sessions)
          </span>
          <span className="tabular-nums">{formatMoney(item.priceCents)}</span>
        </label>
      ))}
    </fieldset>
  );
}
