import { formatterFor } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useConsents } from './api';
import { RecordSection } from './patient-record-view';

const momentOf = (iso: string) => formatterFor().dateTime(iso);

/** The consents the patient signed in onboarding: what, the name they typed, when and from where. */
export function PatientConsents({ patientId }: { patientId: string }) {
  const consents = useConsents(patientId);
  return (
    <RecordSection title="Consents">
      {consents.isPending ? (
        <LoadingState label="Loading consents…" />
      ) : consents.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{consents.error.message || 'Could not load the consents.'}</span>
          <Button size="sm" variant="outline" onClick={() => consents.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : consents.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No consents signed yet. The patient signs them in onboarding.
        </p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {consents.data.map((consent) => (
            <li key={consent.id} className="rounded-md border border-border p-3">
              <p className="font-medium">{consent.title}</p>
              <p>
                Signed by <span className="font-medium">{consent.signedName}</span> on{' '}
                <time dateTime={consent.signedAt}>{momentOf(consent.signedAt)}</time>
              </p>
              {consent.ipAddress ? (
                <p className="text-muted-foreground">From address {consent.ipAddress}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
