import { toast } from 'sonner';
import { Alert } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { useClinicFeatures, useSaveClinicFeatures } from './api';

/**
 * Settings, Billing policy (admins): turns the clinic's care between visits on or off. Off, every screen is as
 * the specification describes it; on, patients get check-ins and the recovery chart shows outcome measures.
 */
export function CareBetweenVisitsCard() {
  const features = useClinicFeatures();
  const save = useSaveClinicFeatures();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Care between visits</CardTitle>
        <CardDescription>
          Check-ins with standard outcome measures between sessions, scored and shown on each patient's
          recovery chart.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {features.isPending ? (
          <LoadingState label="Loading the clinic's settings…" />
        ) : features.isError ? (
          <Alert variant="error">{features.error.message}</Alert>
        ) : (
          <div className="flex items-start gap-3 rounded-md border border-border p-3">
            <Switch
              id="care-between-visits"
              checked={features.data.careBetweenVisits}
              disabled={save.isPending}
              aria-describedby="care-between-visits-hint"
              onCheckedChange={async (careBetweenVisits) => {
                try {
                  await save.mutateAsync({ careBetweenVisits });
                  toast.success(
                    careBetweenVisits ? 'Care between visits is on' : 'Care between visits is off',
                  );
                } catch (error) {
                  toast.error((error as Error).message || 'Could not save the setting');
                }
              }}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="care-between-visits">Care between visits</Label>
              <p id="care-between-visits-hint" className="text-muted-foreground text-xs">
                Adds Check-ins to patients' menus, lets practitioners send outcome measures and set schedules,
                and notifies patients when one is due.
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
