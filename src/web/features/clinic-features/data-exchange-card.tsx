import { toast } from 'sonner';
import { Alert } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { useClinicFeatures, useSaveClinicFeatures } from './api';
import { ClinicExport } from './clinic-export';

/**
 * Settings, Billing policy (admins): turns the clinic's data exchange on or off. Off, every screen is as the
 * specification describes it; on, the FHIR R4 read endpoint answers and patients can download their record.
 */
export function DataExchangeCard() {
  const features = useClinicFeatures();
  const save = useSaveClinicFeatures();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Data exchange</CardTitle>
        <CardDescription>
          Records in the FHIR R4 standard for other systems, and a copy of their record for each patient.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {features.isPending ? (
          <LoadingState label="Loading the clinic's settings…" />
        ) : features.isError ? (
          <Alert variant="error">{features.error.message}</Alert>
        ) : (
          <div className="flex items-start gap-3 rounded-md border border-border p-3">
            <Switch
              id="data-exchange"
              checked={features.data.dataExchange}
              disabled={save.isPending}
              aria-describedby="data-exchange-hint"
              onCheckedChange={async (dataExchange) => {
                try {
                  await save.mutateAsync({ dataExchange });
                  toast.success(dataExchange ? 'Data exchange is on' : 'Data exchange is off');
                } catch (error) {
                  toast.error((error as Error).message || 'Could not save the setting');
                }
              }}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="data-exchange">Data exchange</Label>
              <p id="data-exchange-hint" className="text-muted-foreground text-xs">
                Opens the read-only FHIR R4 endpoint to signed-in users under their usual access, and adds
                "Download my record" to patients' My Account.
              </p>
            </div>
          </div>
        )}
        {features.data?.dataExchange ? <ClinicExport /> : null}
      </CardContent>
    </Card>
  );
}
