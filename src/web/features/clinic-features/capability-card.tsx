import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { ClinicFeatures } from '../../../shared/clinic-features';
import { Alert } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { useClinicFeatures, useSaveClinicFeatures } from './api';

type Capability = keyof ClinicFeatures;

/**
 * One of the clinic's optional capabilities as an admin sees it in Settings: its name, what it does, a switch
 * that saves it at once and a toast saying where it now stands. Anything that only shows while the capability
 * is on comes as children.
 */
export function CapabilityCard({
  capability,
  name,
  description,
  hint,
  toasts,
  children,
}: {
  capability: Capability;
  name: string;
  description: ReactNode;
  /** What turning it on changes, under the switch's label. */
  hint: ReactNode;
  /** The toast once saved, for on and for off. */
  toasts: { on: string; off: string };
  /** Shown below the switch while the capability is on. */
  children?: ReactNode;
}) {
  const features = useClinicFeatures();
  const save = useSaveClinicFeatures();
  const id = capability.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const isOn = features.data?.[capability] === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{name}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {features.isPending ? (
          <LoadingState label="Loading the clinic's settings…" />
        ) : features.isError ? (
          <Alert variant="error">{features.error.message}</Alert>
        ) : (
          <div className="flex items-start gap-3 rounded-md border border-border p-3">
            <Switch
              id={id}
              checked={isOn}
              disabled={save.isPending}
              aria-describedby={`${id}-hint`}
              onCheckedChange={async (checked) => {
                try {
                  await save.mutateAsync({ [capability]: checked });
                  toast.success(checked ? toasts.on : toasts.off);
                } catch (error) {
                  toast.error((error as Error).message || 'Could not save the setting');
                }
              }}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor={id}>{name}</Label>
              <p id={`${id}-hint`} className="text-muted-foreground text-xs">
                {hint}
              </p>
            </div>
          </div>
        )}
        {isOn ? children : null}
      </CardContent>
    </Card>
  );
}
