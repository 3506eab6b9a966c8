import { sessionsLeftText } from '../../../shared/billing-packages';
import { Alert } from '../../ui/alert';
import { LoadingState } from '../../ui/spinner';
import { useHeldPackages } from './packages-api';

/**
 * The packages a patient holds, each with "n of N sessions left": the patient's own in My Billing (patientId
 * null), or a patient's in the record panel. Shown only while session billing is on (`enabled`), and not at
 * all while the patient holds none.
 */
export function HeldPackages({ patientId, enabled }: { patientId: string | null; enabled: boolean }) {
  const held = useHeldPackages(patientId, enabled);
  if (!enabled || (held.data && held.data.length === 0)) return null;
  return (
    <section aria-labelledby="held-packages-title" className="flex flex-col gap-2">
      <h3 id="held-packages-title" className="font-semibold text-base">
        Packages
      </h3>
      {held.isPending ? (
        <LoadingState label="Loading packages…" />
      ) : held.isError ? (
        <Alert variant="error">{held.error.message || 'Could not load the packages.'}</Alert>
      ) : (
        <ul className="flex flex-col gap-2">
          {held.data.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border border-border p-3 text-sm"
            >
              <span>
                <span className="font-medium">{item.name}</span>
                {item.services.length ? (
                  <span className="text-muted-foreground"> · {item.services.join(', ')}</span>
                ) : null}
              </span>
              <span className="tabular-nums">{sessionsLeftText(item)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
